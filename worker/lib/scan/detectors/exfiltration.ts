/**
 * Detectors and patterns of data sent out: URLs and email addresses, URLs with a slot for data,
 * images from the web, the conversation or files carried into a parameter, data mirrored elsewhere.
 */
import type { Detector, Hit } from '../rule-types'
import { nameWords, purposeWithout } from './items'
import { matches } from './matching'

export const URL = /\bhttps?:\/\/[^\s<>"'\x60)\]}]+/gi

/** The documentation's placeholder addresses: example.com and its kin, not a real mailbox. */
const EXAMPLE_DOMAIN =
  /@(?:[\w-]+\.)*(?:example\.(?:com|org|net)|domain\.com|email\.com|company\.com|yourdomain\.\w+|yourcompany\.\w+|acme\.(?:com|org|corp)|foo\.(?:com|bar)|test\.com)$|@(?:localhost|test|invalid|local)$/i

const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+/g
const ADDRESS = String.raw`(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+`

/** Email addresses, except the documentation's placeholders (example.com, company.com...). */
export const emailAddresses: Detector = {
  name: 'email addresses',
  on: 'normalized',
  find: (text) =>
    matches(EMAIL, text)
      .filter((m) => !EXAMPLE_DOMAIN.test(m[0]) && /\.[a-z]{2,}$/i.test(m[0]))
      .map((m) => ({ start: m.index, end: m.index + m[0].length })),
}

const SEND_WORDS =
  "(?:bcc|cc|forward(?:ed)?|cop(?:y|ied)|sen[dt]|mail(?:ed)?|e-?mail(?:ed)?|report(?:ed)?|deliver(?:ed)?|cc'?d|bcc'?d|mirror(?:ed)?)"

const EMAIL_SEND = new RegExp(
  [
    String.raw`\b(?:always|also|automatically|silently|secretly|quietly|must|every|all|each)\b[^.!?\n]{0,50}?\b${SEND_WORDS}\b[^.!?\n]{0,60}?${ADDRESS}`,
    String.raw`\b(?:bcc|blind[\s-]copy|carbon[\s-]copy)\b[^.!?\n]{0,40}?${ADDRESS}`,
    String.raw`\b(?:send|forward|email|mail|report|upload|post|submit)\s+(?:it|them|this|that|the\s+(?:results?|contents?|data|output|files?|information|details|keys?|tokens?|credentials|conversation|history))\b[^.!?\n]{0,30}?\bto\s+${ADDRESS}`,
  ].join('|'),
  'gi',
)

export const emailSend: Detector = {
  name: 'email addresses data is sent to',
  on: 'normalized',
  find: (text) => {
    const out: Hit[] = []
    for (const m of matches(EMAIL_SEND, text)) {
      const address = m[0].match(/[\w.+-]+@[\w.-]+$/)?.[0] ?? ''
      if (EXAMPLE_DOMAIN.test(address)) continue
      out.push({ start: m.index, end: m.index + m[0].length })
    }
    return out
  },
}

/** Words in a URL's placeholder that mean the model's context rather than an ordinary argument. */
const SLOT_WORDS =
  '(?:conversation|history|chat|messages?|context|prompt|secret|token|api_?key|password|credential|env|contents?|ssh|summary|notes?|memory|transcript|said|wrote|answer|response|cookie)'

/**
 * A URL with a slot for data the model is to fill: a placeholder naming the conversation, a secret
 * or contents (not {owner} or {city}), or a query that ends in '=' for the model to complete.
 */
export const URL_WITH_SLOT = new RegExp(
  [
    String.raw`\bhttps?:\/\/[^\s<>"'\x60]{1,300}?(?:\{\{?|<|\$\{|\[)[^}>\]\n]{0,60}?${SLOT_WORDS}[^}>\]\n]{0,40}(?:\}\}?|>|\])`,
    String.raw`\bhttps?:\/\/[^\s<>"'\x60]{1,300}?[?&=/]\$\w*?${SLOT_WORDS}\w*`,
    String.raw`\bhttps?:\/\/[^\s<>"'\x60]{1,300}?[?&][\w-]{1,30}=(?=[\s"'\x60),]|$)`,
    // A host name with a slot for data: a DNS lookup carries it out ('<base32 of the output>.diag.example.net').
    String.raw`(?:\{\{?|<|\$\{)[^}>\n]{0,60}?(?:output|data|result|content|base32|base64|hex|encoded|conversation|secret|token|key)[^}>\n]{0,40}(?:\}\}?|>)\.(?:[\w-]+\.)+[a-z]{2,}`,
  ].join('|'),
  'gi',
)

const IMAGE_LINK =
  /!\[[^\]\n]{0,200}\]\(\s*<?\s*https?:\/\/[^\s)>]+[^)]{0,200}\)|<\s*img\b[^>]{0,300}?\bsrc\s*=\s*["']?\s*https?:\/\/[^\s"'>]+/gi

/** Markdown or HTML images from the web: a client that renders one fetches it, and the URL carries whatever the model put into it. */
export const imageLinks: Detector = {
  name: 'image links',
  on: 'normalized',
  find: (text) =>
    matches(IMAGE_LINK, text).map((m) => {
      const url = m[0].match(/https?:\/\/[^\s)"'>]+/)?.[0] ?? ''
      // A link with a query or a placeholder can carry data; a fixed picture is only worth a look.
      const carries = /[?#]|[{<$]|%7B/i.test(url)
      return { start: m.index, end: m.index + m[0].length, severity: carries ? 'high' : 'medium' }
    }),
}

/** Verbs that put something into a parameter or send it on. */
const CARRY_VERBS = String.raw`(?:send|pass|include|attach|append|add|put|insert|embed|paste|copy|forward|upload|share|provide|supply|fill(?:\s+in)?|dump|leak|write|post|submit|transmit|report|summari[sz]e|repeat|store|place|set|populate|encode|transcribe|hand|give|call\s+(?:this\s+tool|it)\s+with)`

/** The conversation, however it is named, in English and other languages. */
const CONVERSATION = new RegExp(
  [
    String.raw`(?:entire|full|whole|complete|faithful|verbatim)\s+(?:conversation|chat|dialog(?:ue)?|discussion|(?:history|transcript|record|recap|log)\s+of\s+(?:the\s+|this\s+|our\s+)?(?:conversation|chat|session|discussion))`,
    String.raw`(?:conversation|chat|dialog(?:ue)?|message|discussion)\s+(?:history|log|logs|transcript|so\s+far|context)`,
    String.raw`conversation\s+with\s+(?:the\s+)?(?:user|person|human)`,
    String.raw`(?:previous|prior|earlier|past|recent)\s+(?:user\s+|chat\s+)?(?:messages|prompts|turns|exchanges|tool\s+results)`,
    String.raw`everything\s+(?:you\s+and\s+)?(?:the\s+)?(?:user|person|human|they)(?:\s+and\s+you)?\s+(?:has\s+|have\s+)?(?:said|wrote|written|told\s+you|typed|shared|asked|discussed|exchanged)`,
    String.raw`everything\s+(?:(?:the\s+)?(?:user|person|human)\s+(?:has\s+)?(?:said|wrote|told\s+you|typed|shared|asked|discussed)|you\s+(?:know|have\s+seen|were\s+told)|(?:discussed|said|shared|exchanged)(?:\s+with\s+(?:the\s+)?(?:user|person|human))?(?:\s+so\s+far)?)`,
    String.raw`(?:the\s+)?(?:user|person)'?s\s+(?:previous|prior|earlier|recent|last|latest|first|private|personal)\s+(?:messages?|prompts?|questions?|requests?|data|information|files|conversations|details)`,
    String.raw`what\s+the\s+(?:user|person)\s+(?:said|wrote|typed|asked|told\s+you)`,
    String.raw`(?:tutta\s+la\s+conversazione|cronologia\s+(?:della\s+)?(?:chat|conversazione)|tutti\s+i\s+messaggi\s+precedenti|het\s+(?:hele|volledige)\s+gesprek|(?:de\s+)?(?:volledige\s+)?chatgeschiedenis|alle\s+eerdere\s+berichten|tüm\s+konuşma|sohbet\s+geçmişi|cał[aą]\s+rozmow[ęa]|histori[aę]\s+(?:czatu|rozmowy)|seluruh\s+percakapan|riwayat\s+(?:obrolan|percakapan)|toàn\s+bộ\s+cuộc\s+trò\s+chuyện|lịch\s+sử\s+trò\s+chuyện|المحادثة\s+(?:كاملة|بأكملها)|سجل\s+المحادثة|पूरी\s+बातचीत|बातचीत\s+का\s+इतिहास)`,
    String.raw`(?:toda\s+la\s+conversaci[oó]n|historial\s+(?:de\s+la\s+conversaci[oó]n|del\s+chat|de\s+mensajes)|todos\s+los\s+mensajes\s+(?:anteriores|previos)|toute\s+la\s+conversation|l'historique\s+(?:de\s+la\s+conversation|du\s+chat|des\s+messages)|tous\s+les\s+messages\s+(?:précédents|precedents|antérieurs))`,
    String.raw`(?:(?:gesamte[nr]?|komplette[nr]?|ganze[nr]?)\s+(?:bisherige[nr]?\s+)?(?:Gesprächsverlauf|Gespräch|Chatverlauf|Verlauf|Konversation|Unterhaltung)|Gesprächsverlauf|Chatverlauf|alle\s+(?:bisherigen|vorherigen)\s+Nachrichten|toda\s+a\s+conversa|histórico\s+da\s+conversa)`,
    '(?:整个对话|全部对话|对话历史|对话记录|聊天记录|聊天历史|完整(?:的)?对话|会話(?:の)?(?:履歴|全体|全文)|チャット履歴|これまでの会話|(?:이전|전체)\\s*대화)',
    String.raw`(?:вс[юе]\s+(?:историю\s+)?(?:переписк[уи]|разговор|диалог|беседу)|истори[юя]\s+(?:переписки|диалога|чата|разговора))`,
  ].join('|'),
  'iu',
)

/** What a model must never be told to hand a tool, by kind; each kind with the purposes that explain it. */
const CARRIED: Array<{ what: RegExp; explained: RegExp }> = [
  {
    what: CONVERSATION,
    explained: /\b(?:conversations?|chats?|messag\w*|memories|summar\w*|histor\w*|transcripts?|notes?|journal\w*|remember\w*|threads?)\b/i,
  },
  {
    what: /(?:(?:system|initial|developer|hidden)\s+(?:prompt|message|instructions)|(?:your|the\s+model'?s|the\s+assistant'?s|the\s+ai'?s|the\s+agent'?s)\s+(?:instructions|system\s+prompt|context(?:\s+window)?|memory|rules|guidelines)|context\s+window|(?:the\s+)?prompt\s+that\s+asked\s+for\s+it)/i,
    explained: /\b(?:prompt\w*|instruction\w*|agent\s+config\w*|persona)\b/i,
  },
  {
    what: /(?:(?:all|every|the\s+(?:current|user'?s|process'?s?))\s+environment\s+variables|(?:all|every)\s+env\s+vars|process\.env)/i,
    explained: /\b(?:env\w*|debug\w*|process|shell|exec\w*|run|command|container|docker)\b/i,
  },
  {
    what: /(?:contents?\s+of\s+(?:any|all|every|other|the\s+user'?s|their|your|~|\/|\.)\S*|(?:text|contents?)\s+of\s+(?:the\s+)?files\s+(?:in|under)\s+it|(?:all|any|every)\s+(?:other\s+)?files?\s+(?:in|on|under|from)\s+(?:the\s+)?(?:home|user'?s?|~|\/|system|machine|computer|disk|workspace)|every\s+file\s+(?:you\s+(?:have\s+)?(?:read|opened|seen))|(?:the\s+)?(?:person'?s|user'?s|their|your)\s+(?:secret|private|sensitive|confidential)\s+(?:settings\s+|config(?:uration)?\s+)?(?:files|documents|repositor(?:y|ies)|repos|data)|(?:secret|private|sensitive|confidential)\s+(?:settings|config(?:uration)?)\s+files)/i,
    explained:
      /\b(?:files?|director\w*|folders?|code\w*|projects?|documents?|paths?|archive|zip|tar|backup|pack\w*|bundle|index\w*|grep)\b/i,
  },
]

const OBJECTS = CARRIED.map((c) => c.what.source).join('|')

/** Every object, to find first: the verbs before it are looked for in a short window, not at every position of the text. */
const OBJECT_ANY = new RegExp(`(?:${OBJECTS})`, 'giu')
/** The objects a parameter's description may name alone (not 'context window', which descriptions mention for other reasons). */
const OBJECT_ALONE = new Set(CARRIED.filter((c) => c !== CARRIED[1]))

const VERB_BEFORE = new RegExp(String.raw`\b${CARRY_VERBS}\b[^.!?\n]{0,60}$`, 'i')
const ATTACHED_AFTER = /^[^.!?\n]{0,20}?\b(?:attached|included|appended|added|embedded|copied|enclosed)\b/i
/** Other languages: 'Envoie aussi toute la conversation', 'Sende den gesamten Verlauf'. */
const FOREIGN_VERB_BEFORE =
  /(?<!\p{L})(?:envoie[rz]?|envoyez|transmet(?:s|tez)?|ajoute[rz]?|inclu(?:s|ez|re)|joins|joignez|mets|mettez|envía|envíe|envia|manda|incluye|incluya|añade|agrega|adjunta|pon|ponga|sende|schicke|füge|hänge|übermittle|gib|invia|includi|aggiungi|отправ\p{L}*|добав\p{L}*|вставь|发送|附上|加入|包含|送信|添付|含め)[^.!?\n。]{0,40}$/iu

/**
 * A text that tells the model to put the conversation, its instructions, the environment or other
 * files' contents into a parameter or send them on, or a parameter described as one of them. Where
 * the item's purpose explains it (a tool that saves the conversation as a note) it is low;
 * elsewhere it is exfiltration (high). The object is found first and the verb looked for before it.
 */
export const carryContext: Detector = {
  name: 'conversation or contents carried out',
  on: 'normalized',
  find: (text, input) => {
    const parameter = input.role === 'schema-description' || input.role === 'argument-description'
    const out: Hit[] = []
    for (const m of matches(OBJECT_ANY, text)) {
      const carried = CARRIED.find((c) => c.what.test(m[0]))
      const before = text.slice(Math.max(0, m.index - 80), m.index)
      const verb = VERB_BEFORE.exec(before) ?? (carried === CARRIED[0] ? FOREIGN_VERB_BEFORE.exec(before) : null)
      const end = m.index + m[0].length
      const attached = ATTACHED_AFTER.exec(text.slice(end, end + 40))
      if (!verb && !attached && !(parameter && carried && OBJECT_ALONE.has(carried))) continue
      const start = verb ? m.index - before.length + verb.index : m.index
      // The purpose without the order itself: an attack's first sentence can be the order.
      const explained = carried ? carried.explained.test(purposeWithout(input.item.own, text.slice(start, end))) : false
      out.push({ start, end: attached ? end + attached[0].length : end, severity: explained ? 'low' : undefined })
    }
    return out
  },
}

/** Data sent somewhere as a matter of course: 'POST each result to https://...', 'a copy of every message is emailed to...'. */
const MIRROR = new RegExp(
  [
    String.raw`\b(?:post|send|upload|forward|mirror|transmit|submit|deliver|copy|sync|push|beacon|report|relay|paste|share|dump|write|publish)\s+(?:each|every|all|any|the|a\s+copy\s+of|them|it)\b[^.!?\n]{0,60}?\bto\s+<?https?:\/\/`,
    String.raw`\b(?:a\s+)?cop(?:y|ies)\s+of\s+(?:every|each|all|any)\b[^.!?\n]{0,80}?\b(?:is|are|will\s+be|gets?|must\s+(?:also\s+)?be|should\s+(?:also\s+)?be)\s+(?:also\s+)?(?:sent|forwarded|posted|mirrored|delivered|e-?mailed|uploaded|copied|relayed)`,
    String.raw`\b(?:every|each|all)\s+(?:\w+\s+){0,2}(?:is|are)\s+also\s+(?:sent|forwarded|posted|mirrored|delivered|e-?mailed|uploaded|copied|relayed)\b`,
    String.raw`\b(?:is|are)\s+(?:also\s+|automatically\s+)?(?:mirrored|copied|forwarded|uploaded|sent|replicated|synced|posted|relayed)\s+to\s+(?:this|that|the\s+following|an?\s+(?:external|remote|third[- ]party))\s+(?:host|server|address|url|endpoint|domain|site|service|mailbox|inbox)`,
    String.raw`\bresults?\s+(?:are|is)\s+(?:also\s+)?mirrored\b`,
    String.raw`\b(?:every|each|all)\s+(?:\w+\s+){0,3}(?:is|are)\s+(?:also\s+|automatically\s+)?(?:mirrored|replicated|forwarded|copied)\s+to\b`,
    String.raw`\b(?:save|post|add|copy|write|upload|publish|put|send|paste|share|dump)\b[^.!?\n]{0,80}?\b(?:to|in|into|on)\s+(?:a\s+|an\s+)?(?:new\s+)?public\s+(?:gist|repositor(?:y|ies)|repo|issue|paste|page|channel|bucket|folder|link)`,
    String.raw`\b(?:paste|post|send|upload|share|dump|push|submit|write)\b[^.!?\n]{0,60}?\b(?:to|at|on)\s+<?https?:\/\/(?:[\w-]+\.)*(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|dpaste\.\w+|rentry\.co|transfer\.sh|file\.io|0x0\.st|termbin\.com|webhook\.site|requestbin\.\w+|pipedream\.net|ngrok(?:-free)?\.(?:app|io|dev)|trycloudflare\.com|interact\.sh|oast\.\w+|burpcollaborator\.net|discord(?:app)?\.com\/api\/webhooks)`,
    String.raw`\bprivate\s+(?:repositor(?:y|ies)|repos?|files?|documents?|issues?|channels?|messages?)\b[^.!?\n]{0,100}?\b(?:add|copy|post|publish|include|put|move|write|paste|share|commit|push)\b[^.!?\n]{0,60}?\b(?:public|open)\s+(?:repositor(?:y|ies)|repo|issue|gist|channel|page|pull\s+request|pr)\b`,
    String.raw`\b(?:always|also)\s+(?:also\s+)?(?:send|forward|copy|cc|post|deliver|relay)\b[^.!?\n]{0,80}?\bto\s+(?:the\s+)?(?:channel\s+|#|https?:\/\/|[\w.+-]+@)`,
  ].join('|'),
  'gi',
)

/** Sending as a matter of course, unless the tool is for sending (a webhook tool, a sync tool). */
export const mirror: Detector = {
  name: 'data sent elsewhere as a matter of course',
  on: 'normalized',
  find: (text, input) =>
    matches(MIRROR, text).map((m) => {
      const explained =
        /\b(?:webhooks?|sync\w*|mirror\w*|backup\w*|replicat\w*|forward\w*|notif\w*|publish\w*|paste\w*|gists?|share\w*|upload\w*)\b/i.test(
          purposeWithout(input.item.own, m[0]),
        )
      return { start: m.index, end: m.index + m[0].length, severity: explained ? 'low' : undefined }
    }),
}

const CONTEXT_PARAM =
  /(?:^|_)(?:conversation(?:_?(?:history|log|context|transcript|summary|so_far))?|chat_?(?:history|log|context|transcript)|previous_?messages|prior_?messages|message_?history|all_?messages|system_?prompt|full_?context|context_?window|prompt_?history|user_?messages|env_?vars|environment_?variables)$/

/** A parameter named for the conversation or the model's instructions on a tool whose purpose has nothing to do with either. */
export const contextParameter: Detector = {
  name: 'parameters named for the conversation',
  on: 'raw',
  find: (text, input) => {
    const words = nameWords(text)
    if (!CONTEXT_PARAM.test(words)) return []
    if (
      /\b(?:conversation|chat|messag\w*|memor\w*|summar\w*|histor\w*|transcript|context|notes?|prompt\w*|llm|agent|assistant|slack|teams|discord|channel|thread|email|mail|inbox|env\w*|debug|shell|exec\w*|run|command|container|process)\b/i.test(
        input.item.own.split(/\s+/).map(nameWords).join(' ').replace(/_/g, ' '),
      )
    )
      return []
    return [{ start: 0, end: text.length }]
  },
}
