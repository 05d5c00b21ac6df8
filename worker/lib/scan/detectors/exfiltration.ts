/**
 * Detectors and patterns of data sent out: URLs and email addresses, URLs with a slot for data,
 * images from the web, the conversation or files carried into a parameter, data mirrored elsewhere.
 */
import { destinationOf, destinationReason, dropSiteOf, isOwnRepository } from '../destinations'
import type { Detector, Hit, RuleInput, ScanSelf } from '../rule-types'
import { nameWords, parameterAt, purposeWithout, serverNameOf } from './items'
import { matches } from './matching'

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'\x60)\]}]+/gi

/**
 * The listing the text belongs to, as the scan knows it: what the catalogue passed (its names and
 * hosts), and the server's own name from the surface, so an address of the server's own service
 * is known even when the scan is not told the listing.
 */
export function selfOf(input: RuleInput): ScanSelf {
  const self = input.context.self
  const server = serverNameOf(input.item)
  return { ...self, names: [...(self?.names ?? []), ...(server ? [server] : [])], hosts: self?.hosts ?? [] }
}

/** Whether an address is one data can leave for: not a documentation name, the user's own machine or the listing's own service. */
const outside = (address: string, input: RuleInput) => destinationOf(address, selfOf(input)) === 'outside'

/** Web addresses, except documentation names (example.com), the user's own machine and the listing's own service. */
export const URL: Detector = {
  name: 'web addresses outside',
  on: 'normalized',
  find: (text, input) =>
    matches(URL_PATTERN, text)
      .filter((m) => outside(m[0], input))
      .map((m) => ({ start: m.index, end: m.index + m[0].length })),
}

const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+/g
const ADDRESS = String.raw`(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+`

/** Email addresses, except documentation and placeholder domains (example.com, company.com...) and the listing's own. */
export const emailAddresses: Detector = {
  name: 'email addresses',
  on: 'normalized',
  find: (text, input) =>
    matches(EMAIL, text)
      .filter((m) => /\.[a-z]{2,}$/i.test(m[0]) && outside(m[0], input))
      .map((m) => ({ start: m.index, end: m.index + m[0].length })),
}

const SEND_WORDS =
  "(?:bcc|cc|forward(?:ed)?|cop(?:y|ied)|sen[dt]|mail(?:ed)?|e-?mail(?:ed)?|report(?:ed)?|deliver(?:ed)?|cc'?d|bcc'?d|mirror(?:ed)?)"

const EMAIL_SEND = new RegExp(
  [
    String.raw`\b(?:always|also|automatically|silently|secretly|quietly|must|every|all|each)\b[^.!?\n]{0,50}?\b${SEND_WORDS}\b[^.!?\n]{0,60}?${ADDRESS}`,
    String.raw`\b(?:bcc\w*|cc(?:recipients?|list|field)?|blind[\s-]copy|carbon[\s-]copy)\b[^.!?\n]{0,40}?${ADDRESS}`,
    // The address made a recipient, a watcher or a collaborator of what someone else sends or keeps ('add x@y.io to bccRecipients').
    String.raw`\b(?:add|include|put|insert|append|set|list|place)\s+${ADDRESS}\s+(?:to|in|into|as|on)\s+(?:(?:the|every|each|all|its|their|a|an)\s+)?(?:[\w-]+\s+){0,2}?(?:\w*?b?cc(?:recipients?|list|field|addresses|line)?|\w*recipients?|watchers?|subscribers?|followers?|collaborators?|members?|viewers?|editors?|distribution\s+list|mailing\s+list)\b`,
    // Shared with the address: a document or a folder opened to whoever holds it.
    String.raw`\bshar(?:e|es|ed|ing)\b[^.!?\n]{0,60}?\bwith\s+${ADDRESS}`,
    String.raw`\b(?:send|forward|email|mail|report|upload|post|submit)\s+(?:it|them|this|that|the\s+(?:results?|contents?|data|output|files?|information|details|keys?|tokens?|credentials|conversation|history))\b[^.!?\n]{0,30}?\bto\s+${ADDRESS}`,
  ].join('|'),
  'gi',
)

export const emailSend: Detector = {
  name: 'email addresses data is sent to',
  on: 'normalized',
  find: (text, input) => {
    const out: Hit[] = []
    for (const m of matches(EMAIL_SEND, text)) {
      // The address the match ends on, or the one it makes a recipient ('add x@y.io to bccRecipients').
      const ending = /[\w.+-]+@[\w.-]+$/.exec(m[0])?.[0]
      const address = ending ?? /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(m[0])?.[0] ?? ''
      if (!outside(address, input)) continue
      const role = ending ? null : /\S+$/.exec(m[0])?.[0]
      out.push({
        start: m.index,
        end: m.index + m[0].length,
        reason: role
          ? `The text has ${address} added as a recipient ('${role}') of what is sent or kept, so every copy goes there too: ${destinationReason(address, selfOf(input))}.`
          : `The text tells the model to send or copy data to ${address}: ${destinationReason(address, selfOf(input))}.`,
      })
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
const URL_WITH_SLOT_PATTERN = new RegExp(
  [
    String.raw`\bhttps?:\/\/[^\s<>"'\x60]{1,300}?(?:\{\{?|<|\$\{|\[)[^}>\]\n]{0,60}?${SLOT_WORDS}[^}>\]\n]{0,40}(?:\}\}?|>|\])`,
    String.raw`\bhttps?:\/\/[^\s<>"'\x60]{1,300}?[?&=/]\$\w*?${SLOT_WORDS}\w*`,
    String.raw`\bhttps?:\/\/[^\s<>"'\x60]{1,300}?[?&][\w-]{1,30}=(?=[\s"'\x60),]|$)`,
    // A host name with a slot for data: a DNS lookup carries it out ('<base32 of the output>.diag.example.net').
    String.raw`(?:\{\{?|<|\$\{)[^}>\n]{0,60}?(?:output|data|result|content|base32|base64|hex|encoded|conversation|secret|token|key)[^}>\n]{0,40}(?:\}\}?|>)\.(?:[\w-]+\.)+[a-z]{2,}`,
  ].join('|'),
  'gi',
)

/** Where a slot match sends its data: the URL's host, or the domain a DNS name with a slot ends in. */
const slotAddress = (match: string) => (/^https?:/i.test(match) ? match : match.replace(/^[\s\S]*[}>]\./, ''))

/**
 * URLs (and DNS names) with a slot for data: high when they point outside, low when they point to
 * the listing's own service or the user's machine, nothing for a documentation address.
 */
export const URL_WITH_SLOT: Detector = {
  name: 'web addresses with a slot for data',
  on: 'normalized',
  find: (text, input) => {
    const out: Hit[] = []
    for (const m of matches(URL_WITH_SLOT_PATTERN, text)) {
      const address = slotAddress(m[0])
      const where = destinationOf(address, selfOf(input))
      if (where === 'documentation') continue
      out.push({
        start: m.index,
        end: m.index + m[0].length,
        severity: where === 'outside' ? undefined : 'low',
        reason:
          where === 'outside'
            ? undefined
            : `A web address has a slot for data, but ${destinationReason(address, selfOf(input))}, where the tool's data goes anyway.`,
      })
    }
    return out
  },
}

const IMAGE_LINK =
  /!\[[^\]\n]{0,200}\]\(\s*<?\s*https?:\/\/[^\s)>]+[^)]{0,200}\)|<\s*img\b[^>]{0,300}?\bsrc\s*=\s*["']?\s*https?:\/\/[^\s"'>]+/gi

/** Markdown or HTML images from the web: a client that renders one fetches it, and the URL carries whatever the model put into it. */
export const imageLinks: Detector = {
  name: 'image links',
  on: 'normalized',
  find: (text, input) => {
    const out: Hit[] = []
    for (const m of matches(IMAGE_LINK, text)) {
      const url = m[0].match(/https?:\/\/[^\s)"'>]+/)?.[0] ?? ''
      const where = destinationOf(url, selfOf(input))
      // A documentation address reaches no one; the listing's own pictures (its logo, its CDN) are its own.
      if (where === 'documentation') continue
      // A link with a query or a placeholder can carry data; a fixed picture is only worth a look.
      const carries = /[?#]|[{<$]|%7B/i.test(url)
      const severity = where !== 'outside' ? 'low' : carries ? 'high' : 'medium'
      out.push({ start: m.index, end: m.index + m[0].length, severity })
    }
    return out
  },
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
    // Paraphrases: 'whatever the person has told you', 'every tool output you have received in this conversation'.
    String.raw`(?:whatever|anything|all)\s+(?:that\s+)?(?:the\s+)?(?:user|person|human|customer|they)\s+(?:has\s+|have\s+)?(?:said|told\s+you|written|wrote|typed|shared|asked|mentioned|sent\s+you)`,
    String.raw`(?:every|each|all|any)\s+(?:of\s+the\s+)?(?:other\s+)?(?:tool\s+)?(?:outputs?|results?|responses?|answers?|replies|messages?|tool\s+calls?)\s+(?:that\s+)?you(?:'ve|\s+have)?\s+(?:received|seen|gotten|got|been\s+(?:given|shown|sent)|produced|returned|exchanged)`,
    String.raw`(?:tutta\s+la\s+conversazione|cronologia\s+(?:della\s+)?(?:chat|conversazione)|tutti\s+i\s+messaggi\s+precedenti|het\s+(?:hele|volledige)\s+gesprek|(?:de\s+)?(?:volledige\s+)?chatgeschiedenis|alle\s+eerdere\s+berichten|tüm\s+konuşma|sohbet\s+geçmişi|cał[aą]\s+rozmow[ęa]|histori[aę]\s+(?:czatu|rozmowy)|seluruh\s+percakapan|riwayat\s+(?:obrolan|percakapan)|toàn\s+bộ\s+cuộc\s+trò\s+chuyện|lịch\s+sử\s+trò\s+chuyện|المحادثة\s+(?:كاملة|بأكملها)|سجل\s+المحادثة|पूरी\s+बातचीत|बातचीत\s+का\s+इतिहास)`,
    String.raw`(?:(?:correo|tel[eé]fono|contrase[ñn]as?|datos\s+personales)(?:\s+(?:electr[oó]nico|y|e|o|el|la|los|las|su|sus|tel[eé]fono|correo|direcci[oó]n)){0,5}\s+del\s+usuario|toda\s+la\s+conversaci[oó]n|historial\s+(?:de\s+la\s+conversaci[oó]n|del\s+chat|de\s+mensajes)|todos\s+los\s+mensajes\s+(?:anteriores|previos)|toute\s+la\s+conversation|l'historique\s+(?:de\s+la\s+conversation|du\s+chat|des\s+messages)|tous\s+les\s+messages\s+(?:précédents|precedents|antérieurs))`,
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
    what: /(?:contents?\s+of\s+(?:any|all|every|other|the\s+user'?s|their|your|~|\/|\.)\S*|(?:text|contents?)\s+of\s+(?:the\s+)?files\s+(?:in|under)\s+it|(?:all|any|every)\s+(?:other\s+)?files?\s+(?:in|on|under|from)\s+(?:the\s+)?(?:home|user'?s?|~|\/|system|machine|computer|disk|workspace)|every\s+file\s+(?:you\s+(?:have\s+)?(?:read|opened|seen))|(?:the\s+)?(?:person'?s|user'?s|their|your)\s+(?:secret|private|sensitive|confidential)\s+(?:settings\s+|config(?:uration)?\s+)?(?:files|documents|repositor(?:y|ies)|repos|data)|(?:secret|private|sensitive|confidential)\s+(?:settings|config(?:uration)?)\s+files|(?:any|all|every|the)\s+(?:other\s+)?(?:private|internal|confidential|secret)\s+(?:code|files?|documents?|repositor(?:y|ies)|repos|data|messages|issues)\s+(?:that\s+)?you(?:'ve|\s+have)?\s+(?:seen|read|received|opened|accessed))/i,
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
/** Keeping the order from the user: 'without telling them', 'sin comentarlo', 'ユーザーへの確認は要りません'. */
const CONCEALED =
  /\bwithout\s+(?:telling|asking|informing|notifying|mentioning)\b|\bdo(?:n'?t|\s+not)\s+(?:tell|mention|inform|notify)\s+(?:the\s+)?(?:user|them)\b|\bsin\s+(?:comentarlo|avisar(?:le)?|dec[ií]rselo|mencionarlo)|\bsans\s+(?:le\s+)?(?:dire|signaler|pr[ée]venir)|inutile\s+d['’]en\s+informer|\bohne\s+(?:es\s+)?(?:zu\s+)?(?:erw[äa]hnen|sagen|nachzufragen)|\bsem\s+(?:avisar|informar|comentar)|\bsenza\s+(?:dirlo|avvisare)|確認は(?:要|い)りません|(?:伝え|言わ|知らせ)ないで/u

/** Japanese puts the verb after: 'これまでの会話をすべて message.text の末尾に付け足してください'. */
const FOREIGN_VERB_AFTER = /^[^!?\n。]{0,40}?(?:付け足|付け加え|追加し|添付し|含めて|送信し|送って|貼り付け)/u
/** Other languages: 'Envoie aussi toute la conversation', 'Sende den gesamten Verlauf'. */
const FOREIGN_VERB_BEFORE =
  /(?<!\p{L})(?:envoie[rz]?|envoyez|(?:re)?copie[rz]?|(?:re)?copiez|colle[rz]?|collez|transmet(?:s|tez)?|ajoute[rz]?|inclu(?:s|ez|re)|joins|joignez|mets|mettez|envía|envíe|envia|manda|incluye|incluya|añade|agrega|adjunta|pon|ponga|sende[tn]?|schick(?:e|t|en)|füg(?:e|t|en)|häng(?:e|t|en)|übermittel[tn]|übermittle|gib|invia|includi|aggiungi|inserisci|metti|allega|envie|inclua|coloque|anexe|adicione|отправ\p{L}*|добав\p{L}*|вставь|发送|附上|加入|包含|送信|添付|含め)[^.!?\n。]{0,40}$/iu

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
      const attached =
        ATTACHED_AFTER.exec(text.slice(end, end + 40)) ??
        (carried === CARRIED[0] ? FOREIGN_VERB_AFTER.exec(text.slice(end, end + 48)) : null)
      if (!verb && !attached && !(parameter && carried && OBJECT_ALONE.has(carried))) continue
      const start = verb ? m.index - before.length + verb.index : m.index
      // The purpose without the order itself: an attack's first sentence can be the order.
      // An order kept from the user is not the purpose at work, whatever the tool is for.
      const concealed = CONCEALED.test(text.slice(end, end + 120))
      const explained = carried && !concealed ? carried.explained.test(purposeWithout(input.item.own, text.slice(start, end))) : false
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
    // A paste site named bare, in any language: 'colle la collection entière sur pastebin.com'.
    String.raw`\b(?:paste|post|send|upload|share|dump|push|submit|colle[rz]?|collez|publie[rz]?|publiez|envoie[rz]?|pega|pegue|publica|sube|cole|publique|envie|incolla|pubblica|lade|poste|stelle)\b[^.!?\n]{0,80}?\b(?:to|at|on|onto|sur|en|em|no|na|auf|in|su|a)\s+(?:(?:le|la|el|o|a|den|die)\s+(?:site\s+)?)?(?:[\w-]+\.)*(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|dpaste\.\w+|rentry\.co|transfer\.sh|file\.io|0x0\.st|termbin\.com)\b`,
    String.raw`\bprivate\s+(?:repositor(?:y|ies)|repos?|files?|documents?|issues?|channels?|messages?)\b[^.!?\n]{0,100}?\b(?:add|copy|post|publish|include|put|move|write|paste|share|commit|push)\b[^.!?\n]{0,60}?\b(?:public|open)\s+(?:repositor(?:y|ies)|repo|issue|gist|channel|page|pull\s+request|pr)\b`,
    String.raw`\b(?:always|also)\s+(?:also\s+)?(?:send|forward|copy|cc|post|deliver|relay)\b[^.!?\n]{0,80}?\bto\s+(?:the\s+)?(?:channel\s+|#|https?:\/\/|[\w.+-]+@)`,
  ].join('|'),
  'gi',
)

/** The address a match ends on ('...to https://' or '...to x@'): the URL or email address it starts or ends. */
function addressAfter(text: string, start: number, end: number): string | null {
  const tail = text.slice(start, end)
  const http = tail.search(/https?:\/\/$/i)
  if (http !== -1) return /^https?:\/\/[^\s<>"'\x60)\]}]+/i.exec(text.slice(start + http, end + 300))?.[0] ?? null
  if (tail.endsWith('@')) {
    const local = /[\w.+-]+@$/.exec(tail)?.[0] ?? '@'
    const domain = /^[\w-]+(?:\.[\w-]+)+/.exec(text.slice(end, end + 260))?.[0]
    return domain ? `${local}${domain}` : null
  }
  return null
}

/** Sending as a matter of course, unless the tool is for sending (a webhook tool, a sync tool). */
export const mirror: Detector = {
  name: 'data sent elsewhere as a matter of course',
  on: 'normalized',
  find: (text, input) => {
    const out: Hit[] = []
    for (const m of matches(MIRROR, text)) {
      // Where the match sends to, when it names an address: a documentation address is nowhere, the listing's own service is its own.
      const address = addressAfter(text, m.index, m.index + m[0].length)
      const where = address ? destinationOf(address, selfOf(input)) : 'outside'
      if (where === 'documentation') continue
      const explained =
        /\b(?:webhooks?|sync\w*|mirror\w*|backup\w*|replicat\w*|forward\w*|notif\w*|publish\w*|paste\w*|gists?|share\w*|upload\w*)\b/i.test(
          purposeWithout(input.item.own, m[0]),
        )
      out.push({ start: m.index, end: m.index + m[0].length, severity: explained || where !== 'outside' ? 'low' : undefined })
    }
    return out
  },
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

/*
 * Sending out, by intent: a sentence that has the model (or the tool) send, copy, post, log, back
 * up, sync, report or mirror data to a destination that is not the service the server is about.
 * The destination is found first (an address, a phone number, an issue or gist on a repository
 * the text names, an author's telemetry endpoint, a DNS name), then the verb and the data in its
 * sentence, in the languages MCP servers are written in. Each piece is bounded: destinations are
 * found by one pass, the sentence around each is at most 240 characters before and 120 after.
 */

/** A destination in a text, and what kind it is. */
interface Place {
  start: number
  end: number
  /** The address to judge (a URL, an email address, a host, a phone number), or null when the words themselves say it is outside. */
  address: string | null
  /** What it is, for the reason. */
  what: string
  /** Why it is outside when there is no address to judge. */
  why?: string
  /** A DNS name with data in it: the lookup itself sends, no preposition needed. */
  dns?: boolean
  /** A repository (owner/name) or an account the text names: outside unless it is the listing's own. */
  repository?: string
  /** The words name a place that receives by itself ('a new issue on x/y', 'a public gist'): no preposition toward it needed. */
  receives?: boolean
  /**
   * The place is fixed by the text, not chosen by the user (a phone number, a repository or an
   * account it names, the author's own collecting): a sending tool's purpose does not explain it.
   */
  fixed?: boolean
  /** A place of the tool's own service the text names (a channel id): a finding only for a copy sent there besides the tool's job. */
  copyOnly?: boolean
}

/** owner/repo names that stand for the caller's own choice, not a fixed repository. */
const PLACEHOLDER_REPO =
  /^(?:owner|org|organi[sz]ation|user|username|your[\w-]*|my[\w-]*|name|repo|project|account|namespace|workspace|team|group|example|foo|acme)\/|\/(?:repo|repository|name|project|example|foo|bar)$/i

/** Words before a bare host that name what it is ('to our backup host logs-keeper.net', 'on the mirror server x.io'). */
const HOST_NOUN =
  '(?:host|server|domain|site|endpoint|mirror|instance|service|box|machine|collector|storage|bucket|relay|vps|node|url|address)'

const PLACES = new RegExp(
  [
    String.raw`(?<url>\bhttps?:\/\/[^\s<>"'\x60)\]}]{1,300})`,
    // An email address (mailto: or bare).
    String.raw`(?<email>(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+)`,
    // A phone number, written internationally.
    String.raw`(?<phone>(?<![\w+])(?:tel:|sms:)?\+\d{1,3}[\s().-]{0,2}\d[\d\s().-]{5,16}\d(?![\d]))`,
    // An issue, gist, comment or pull request on a repository the text names.
    String.raw`(?<repoPlace>\b(?:(?:a|an|the)\s+)?(?:new\s+)?(?:public\s+)?(?:issue|gist|comment|pull\s+request|PR|discussion|wiki\s+page|commit)s?\s+(?:on|in|at|to|of|under)\s+(?:the\s+)?(?:(?:public|private|open)\s+)?(?:repo(?:sitory)?\s+)?(?<repository>[A-Za-z0-9][\w.-]{0,38}\/[A-Za-z0-9][\w.-]{0,99}))`,
    // A place anyone reads, or one under an account the text names: 'as a public gist', 'a paste under the account “fs-sync”'.
    String.raw`(?<shelf>\b(?:(?:a|an|the)\s+)?(?:new\s+)?(?:(?<exposed>public|unlisted|anonymous|world-readable)\s+)?(?:gist|paste|snippet|repositor(?:y|ies)|repo|bucket)s?(?:\s+(?:under|on|in|to|for|owned\s+by|belonging\s+to)\s+(?:the\s+)?(?:(?:github|gitlab)\s+)?(?:account|user(?:name)?|org(?:ani[sz]ation)?|profile|namespace)\s+(?<account>["'“”‘’\x60][A-Za-z0-9][\w.-]{0,38}["'“”‘’\x60]|@[A-Za-z0-9][\w.-]{0,38}))?)`,
    // A channel, chat or room the text names by its id ('channel C07ARCHIVE', 'chat -1001234567890', '#exports').
    String.raw`(?<chan>\b(?:(?:slack|discord|teams|telegram|mattermost)\s+)?(?:channel|chat|room|group|conversation)\s+(?:id\s+)?(?<chanId>#[a-z0-9][\w-]{1,79}|[a-z0-9]{8,24}|-?\d{9,20})(?![\w-]))`,
    // An endpoint of the author's own collecting ('our analytics endpoint').
    String.raw`(?<author>\b(?:our|the\s+(?:vendor|author|developer|maintainer)s?'?s?|an?\s+(?:external|remote|third[- ]party|outside|private))\s+(?:own\s+)?(?:analytics|telemetry|metrics|tracking|logging|log|collection|collector|audit|monitoring|usage|diagnostics?|research|training|data)\s+(?:endpoint|server|service|api|url|collector|pipeline|backend|dashboard|webhook|bucket|sink|database|store|system|inbox)s?\b)`,
    // A keeping place of the author's ('our backup server'): a backup tool's own is its purpose, so not fixed.
    String.raw`(?<keeper>\b(?:our|the\s+(?:vendor|author|developer|maintainer)s?'?s?)\s+(?:own\s+)?(?:backup|archive|archival|mirror|retention|storage|sync|relay|drop)\s+${HOST_NOUN}s?\b)`,
    // A DNS name data rides in ('as a subdomain of x.net').
    String.raw`(?<dnsPlace>\b(?:sub-?domains?|dns\s+(?:names?|labels?|quer(?:y|ies)|lookups?)|host\s*names?)\s+(?:of|under|on|at|in|for)\s+(?<dnsHost>(?:[a-z0-9-]{1,63}\.){1,6}[a-z]{2,24}))`,
    // A bare host after a preposition ('to collector.evil.io'), or after words naming it ('to our backup host logs-keeper.net').
    String.raw`(?:\b(?:to|at|into|on|an|à|a|para|zu|nach|на|в)\s+(?:(?:our|the|a|an|this|that|their|my|its)\s+)?(?:(?:[\p{L}-]{1,30}\s+){0,2}?${HOST_NOUN}\s+)?)(?<host>(?:[a-z0-9-]{1,63}\.){1,6}(?:com|net|org|io|ai|dev|app|xyz|site|ru|cn|info|biz|sh|cc|top|online|live|cloud|link|me|co|store)\b(?:\/[\w./-]{0,100})?)`,
  ].join('|'),
  'giu',
)

const QUOTES = /^["'“”‘’\x60@]|["'“”‘’\x60]$/g

function placesIn(text: string): Place[] {
  const out: Place[] = []
  for (const m of matches(PLACES, text)) {
    if (out.length >= 20) break
    const g = m.groups ?? {}
    const start = m.index
    const end = m.index + m[0].length
    if (g.url) {
      // A sentence's full stop is not part of the address.
      const url = g.url.replace(/[.,;:!?]+$/, '')
      out.push({ start, end: start + url.length, address: url, what: url })
    } else if (g.email) out.push({ start, end, address: g.email, what: g.email })
    else if (g.phone) out.push({ start, end, address: g.phone.trim(), what: `the phone number ${g.phone.trim()}`, fixed: true })
    else if (g.repoPlace) {
      // A sentence's full stop is not part of the repository's name.
      const repository = g.repository.replace(/[.-]+$/, '')
      if (PLACEHOLDER_REPO.test(repository) || /[{}<>$]/.test(repository)) continue
      const cut = g.repository.length - repository.length
      out.push({
        start,
        end: end - cut,
        address: null,
        repository,
        what: g.repoPlace.slice(0, g.repoPlace.length - cut),
        why: `${repository} is a repository the text names, not one the user chooses`,
        receives: true,
        fixed: true,
      })
    } else if (g.shelf) {
      // A gist, paste or repository is a place only when anyone can read it or it is someone's the text names.
      if (!g.exposed && !g.account) continue
      const account = g.account?.replace(QUOTES, '')
      out.push({
        start,
        end,
        address: null,
        repository: account,
        what: g.shelf,
        why: account
          ? `${account} is an account the text names, not one the user chooses`
          : `a ${g.exposed.toLowerCase()} place is read by anyone, not kept for the user`,
        receives: true,
        fixed: account !== undefined,
      })
    } else if (g.chan) {
      // An id as a chat platform writes one (capitals and digits, a long number) or a #name: not a word of the sentence.
      if (!/^(?:#[\w-]+|(?=[A-Z0-9]*\d)[A-Z0-9]{8,24}|-?\d{9,20})$/.test(g.chanId)) continue
      out.push({
        start,
        end,
        address: null,
        what: g.chan,
        why: `${g.chanId} is a channel the text names, not one the user chooses`,
        copyOnly: true,
      })
    } else if (g.author)
      out.push({
        start,
        end,
        address: null,
        what: g.author,
        why: "an endpoint of the author's own collecting, not the service the tool offers",
        fixed: true,
      })
    else if (g.keeper)
      out.push({ start, end, address: null, what: g.keeper, why: "a place of the author's own keeping, not the service the tool offers" })
    else if (g.dnsPlace)
      out.push({ start, end, address: `https://${g.dnsHost}`, what: `${g.dnsPlace} (a DNS lookup carries the data out)`, dns: true })
    else if (g.host) out.push({ start: end - g.host.length, end, address: `https://${g.host}`, what: g.host })
  }
  return out
}

/** Verbs of sending, in English and the languages MCP servers are written in. */
const SEND_VERB = new RegExp(
  [
    String.raw`(?<!\p{L})(?:send|sends|sending|sent|forward(?:s|ed|ing)?|cop(?:y|ies|ied|ying)|upload(?:s|ed|ing)?|post(?:s|ed|ing)?|report(?:s|ed|ing)?|submit(?:s|ted|ting)?|transmit(?:s|ted|ting)?|mirror(?:s|ed|ing)?|sync(?:s|ed|hroni[sz]e\w*)?|back(?:s|ed)?\s+up|backup|log(?:ged|ging)?(?!\s+(?:in|on|out)\b)|beacon|relay(?:s|ed)?|paste[sd]?|shar(?:e|es|ed|ing)|dump(?:s|ed)?|push(?:es|ed)?|publish(?:es|ed)?|deliver(?:s|ed)?|e-?mail(?:s|ed)?|mail(?:s|ed)?|b?cc(?:'?d)?|notif(?:y|ies|ied)|export(?:s|ed)?|stream(?:s|ed)?|archiv(?:e|es|ed)|leak(?:s|ed)?|exfiltrat\w*)(?!\p{L})`,
    String.raw`(?<!\p{L})(?:env[ií]\p{L}*|mand[ae]\p{L}*|reenv[ií]\p{L}*|copi[ae]\p{L}*|sub[ea]\p{L}*|public[ae]\p{L}*|report[ae]\p{L}*|compart[ie]\p{L}*|registr[ae]\p{L}*|sincroniz\p{L}*|encaminh\p{L}*|carreg\p{L}*|compartilh\p{L}*|envoi\p{L}*|envoy\p{L}*|transmet\p{L}*|transf[eèé]r\p{L}*|téléverse\p{L}*|publie\p{L}*|partag\p{L}*|signal\p{L}*|sauvegard\p{L}*|synchronis\p{L}*|send[e]?\p{L}*|schick\p{L}*|leite\p{L}*|weiterleit\p{L}*|übermittel\p{L}*|übermittl\p{L}*|kopier\p{L}*|hochlad\p{L}*|lade|poste\p{L}*|veröffentlich\p{L}*|melde\p{L}*|synchronisier\p{L}*|sicher\p{L}*|invi[ae]\p{L}*|inoltr\p{L}*|caric\p{L}*|pubblic\p{L}*|condivid\p{L}*|sincronizz\p{L}*|отправ\p{L}*|перешл\p{L}*|пересыл\p{L}*|скопир\p{L}*|копир\p{L}*|загруз\p{L}*|опубликуй\p{L}*|переда\p{L}*|сообщ\p{L}*|дублир\p{L}*|보내\p{L}*|전송\p{L}*|전달\p{L}*|복사\p{L}*|업로드\p{L}*|게시\p{L}*|공유\p{L}*|동기화\p{L}*|보고\p{L}*)`,
    '(?:发送|发到|发给|转发|复制|上传|同步|提交|报告|推送|抄送|备份|记录到|传到|传给|发布|送信|送って|送る|送り|転送|コピー|アップロード|投稿|共有|同期|報告|バックアップ|送付)',
  ].join('|'),
  'iu',
)

/** The model's data, in the languages of SEND_VERB: what the user said, results, files, the conversation. */
const CONTEXT_DATA = new RegExp(
  [
    String.raw`(?<!\p{L})(?:conversations?|chats?|messages?|history|transcripts?|results?|outputs?|responses?|answers?|replies|contents?|files?|data|code|issues?|documents?|notes|records?|details|information|text|translations?|readmes?|questions?|(?:what|everything)\s+(?:the\s+)?(?:user|person|they)\s+(?:said|asked|wrote|typed)|emails?|summary|summaries|everything|prompts?|instructions|secrets?|keys?|tokens?|credentials|passwords?|screenshots?|snapshots?|sheets?|rows|tables?|logs?|graphs?|bod(?:y|ies)|payloads?|collections?|commits?|repositor(?:y|ies)|repos?|entities|observations|events?|diffs?|cop(?:y|ies)\s+of\s+(?:(?:the|this|that|each|every|all|its|their|your)\s+)?[\p{L}-]{2,40}|(?:a|one)\s+copy)(?!\p{L})`,
    String.raw`(?<!\p{L})(?:conversaci[oó]n|mensajes?|historial|resultados?|respuestas?|archivos?|datos|contenido|conversa|mensagens?|hist[oó]rico|arquivos?|dados|conte[uú]do|historique|r[ée]sultats?|r[ée]ponses?|fichiers?|donn[ée]es|contenu|gespr[äa]ch\p{L}*|verlauf|nachricht\p{L}*|ergebnis\p{L}*|antwort\p{L}*|datei\p{L}*|daten|inhalt\p{L}*|conversazione|messaggi[o]?|cronologia|risultat[oi]|rispost[ae]|dati|contenuto|переписк\p{L}*|разговор\p{L}*|диалог\p{L}*|сообщени\p{L}*|истори\p{L}*|результат\p{L}*|ответ\p{L}*|файл\p{L}*|данны\p{L}*|содержим\p{L}*|claves?|contraseñas?|chaves?|senhas?|cl[ée]s|mots?\s+de\s+passe|jetons?|schlüssel\p{L}*|passw[öo]rt\p{L}*|chiavi|ключ\p{L}*|токен\p{L}*|парол\p{L}*|секрет\p{L}*|коллекци\p{L}*|документ\p{L}*|лог(?:и|ов|ами)?|대화|채팅|메시지|기록|결과|출력|답변|파일|데이터|내용|비밀번호|토큰|로그)`,
    '(?:对话|聊天|消息|记录|结果|输出|回答|文件|数据|内容|历史|密钥|密码|令牌|凭证|偏好|日志|代码|会話|チャット|メッセージ|履歴|結果|出力|回答|ファイル|データ|内容|パスワード|トークン|ログ|認証情報)',
  ].join('|'),
  'iu',
)

/** Roles of values a parameter offers: the model passes them as they are. */
const VALUE_ROLES: ReadonlySet<string> = new Set(['enum', 'default', 'example', 'const', 'schema-string'])

/** The tool's own arguments: a tool sending its query to a service it names is doing its job. */
const ARGUMENT_DATA =
  /(?<!\p{L})(?:(?:the|your|its|this|a)\s+)?(?:query|queries|search\s+terms?|keywords?|input|inputs|arguments?|parameters?|request|requests|prompt\s+you\s+(?:give|pass))(?!\p{L})/iu

/** A purpose that is sending to a destination the caller gives: a webhook, email, SMS or upload tool. */
const SENDING_PURPOSE =
  /\b(?:webhooks?|e-?mails?|mail\w*|sms|notif\w*|sav(?:e|es|ed|ing)|stor(?:e|es|ed|ing|age)|archiv(?:e|es|ed|ing)|upload\w*|sync\w*|mirror\w*|backup\w*|replicat\w*|forward\w*|publish\w*|paste\w*|gists?|share\w*|send\w*|post\w*|export\w*|deliver\w*|callbacks?|http\s+requests?|requests?)\b/i

/** Contact lines: 'report bugs to', 'send feedback to': the user writing to the author, not data carried off. */
const CONTACT =
  /\b(?:report|send|submit|file|direct|email|mail|post)\s+(?:any\s+)?(?:bugs?|issues|feedback|questions?|problems|suggestions|feature\s+requests|comments)\b/i

/** A phone number is a destination only for a verb that texts or messages. */
const TEXTING =
  /(?<!\p{L})(?:text|sms|whatsapp|signal|telegram|message|send|forward|envía|envoie|sende|invia|отправ\p{L}*)(?!\p{L})|发送|发短信|送信/iu

/** A preposition toward a place, at the end of the words before it: 'to', 'into the webhook at', 'an', 'à', 'на', '发送到'. */
const TOWARD_BEFORE =
  /(?:(?<!\p{L})(?:to|into|onto|towards|with|cc|bcc|à|a|an|auf|zu|nach|para|per|al|alla|ao|su|sur|на|в|во|до)\s+(?:[\p{L}'-]+\s+){0,3}|(?:到|给|至|往|向)\s*|(?<!\p{L})(?:to|into)[_-])$/iu
/** Words that have a place receive, keep or end up with data, in the languages of SEND_VERB. */
const ARRIVES =
  /(?<!\p{L})(?:receiv(?:e|es|ing)|gets?\s+(?:a\s+)?cop(?:y|ies)|ends?\s+up|lands?|goes|kept|retain(?:s|ed)?|(?:keep|leave|make|put|place|drop|stash|host)\s+(?:(?:a|an|one)\s+)?(?:[\p{L}-]{1,20}\s+)?(?:copy|copies|backup|record|log|mirror|archive|snapshot|dump)|store|save|guard[ae]\p{L}*|salv[ae]\p{L}*|speicher\p{L}*|sauvegard\p{L}*|enregistr\p{L}*|сохран\p{L}*|저장\p{L}*)(?!\p{L})|保存|存到|存入|存储|保管/iu
/** A preposition of place before the place, for the words above: 'keep a copy at', 'guarda ... en'. */
const WHERE_BEFORE = /(?:(?<!\p{L})(?:at|on|in|with|en|em|bei|dans|su|sur|на|в)\s+(?:[\p{L}'-]+\s+){0,3}|(?:到|在)\s*)$/iu
/** Verbs that send through DNS: a lookup of a name carries what is in it. */
const DNS_VERB = /(?<!\p{L})(?:resolv\w*|look\s*up|lookup|nslookup|dig|ping|query)(?!\p{L})/iu
/** Verbs that put content on a repository: 'open a new issue on x/y containing...'. */
const REPO_VERB = /(?<!\p{L})(?:open|create|file|start|write|add|make)(?!\p{L})/iu
/** A particle toward the place after it, in languages that put it there: 'https://x に送信', 'https://x 로 전송'. */
const TOWARD_AFTER = /^\s*(?:に|へ|まで|로|으로|에게|에)/u

/**
 * A copy sent besides what the tool does: mirrored, cc'd, 'as well', 'also', 'each time', in the
 * languages of SEND_VERB. A sending tool's purpose explains the send it is for, not a second one.
 */
const DUPLICATE =
  /(?<!\p{L})(?:mirror(?:s|ed|ing)?|duplicat\p{L}*|b?cc(?:'?d)?|a\s+copy|copies|as\s+well|also|in\s+addition|additionally|(?:each|every)\s+time|after\s+(?:each|every)|tambi[eé]n|aussi|auch|anche|também|также|тоже|копи\p{L}*)(?!\p{L})|同时|抄送|副本|コピー|も同時に/iu

/** Where the sentence around a span starts and ends: a full stop, a question or exclamation mark, a line break. */
function sentenceAround(text: string, start: number, end: number): { before: string; after: string; from: number } {
  const from = Math.max(0, start - 240)
  const head = text.slice(from, start)
  const cut = Math.max(head.search(/[^.!?。！？\n]*$/), 0)
  const tail = text.slice(end, end + 120)
  const stop = tail.search(/[.!?](?:\s|$)|[。！？\n]/)
  return { before: head.slice(cut), after: stop === -1 ? tail : tail.slice(0, stop), from: from + cut }
}

/**
 * A sentence sending the model's data to an outside destination. High when the data is the
 * conversation, results, files or anything the model holds; low when it is the tool's own query
 * (a search tool sending its query to the service it names), or when the tool's purpose is sending
 * (a webhook or email tool, whose words about where things go describe it). The reason says the
 * verb, the data, the destination and why it is outside.
 */
export const sendOutside: Detector = {
  name: 'data sent to an outside destination',
  on: 'normalized',
  find: (text, input) => {
    const out: Hit[] = []
    const self = selfOf(input)
    for (const place of placesIn(text)) {
      const where = place.address ? destinationOf(place.address, self) : 'outside'
      if (where !== 'outside' || (place.repository && isOwnRepository(place.repository, self))) continue
      const { before, after, from } = sentenceAround(text, place.start, place.end)
      const phone = place.what.startsWith('the phone number')
      // A paste site, a request catcher, a chat webhook: the place is there to hand on what it receives.
      const drop = place.address ? dropSiteOf(place.address) : null
      // Paraphrase: the place receives, keeps or ends up with the data ('the audit service at https://x receives a copy').
      const arrives = ARRIVES.test(after) || (ARRIVES.test(before) && WHERE_BEFORE.test(before))
      // Toward the place ('to', 'into', 'an', 'に'), or at a drop site ('a copy at pastebin.com'): an address something comes from or sits at is not where data goes.
      const toward = TOWARD_BEFORE.test(before) || TOWARD_AFTER.test(after) || (drop !== null && WHERE_BEFORE.test(before))
      if (!place.dns && !place.receives && !arrives && !toward) continue
      const verb = phone
        ? (TEXTING.exec(before) ?? TEXTING.exec(after))
        : place.dns
          ? (DNS_VERB.exec(before) ?? SEND_VERB.exec(before))
          : (SEND_VERB.exec(before) ??
            SEND_VERB.exec(after) ??
            (arrives ? (ARRIVES.exec(before) ?? ARRIVES.exec(after)) : null) ??
            (place.receives ? REPO_VERB.exec(before) : null))
      if (!verb) continue
      if (CONTACT.test(before)) continue
      // The data comes before the place, or after it when the place is what receives it ('our endpoint should receive every result').
      const later = arrives || place.receives === true || place.why !== undefined
      // A value offered for a parameter ('markdown+copy-to-https://x') names no data: what it sends is the tool's output, which the model holds.
      const offered =
        VALUE_ROLES.has(input.role) && /[_+-](?:to|into)[_-]$/i.test(before)
          ? (Object.assign(["the tool's output, which a value offered as it is sends"], { index: 0, input: before }) as RegExpExecArray)
          : null
      const data = CONTEXT_DATA.exec(before) ?? (later ? CONTEXT_DATA.exec(after) : null) ?? offered
      const argument = data ? null : ARGUMENT_DATA.exec(before)
      if (!data && !argument) continue
      const sentence = `${before}${text.slice(place.start, place.end)}`
      const purpose = purposeWithout(input.item.own, sentence)
      const explained = SENDING_PURPOSE.test(purpose)
      // A copy sent besides what the tool does ('mirror each request body to', 'cc', 'as well'): its purpose explains the one send, not a second.
      const duplicate = DUPLICATE.test(sentence) || DUPLICATE.test(after)
      if (place.copyOnly && !duplicate) continue
      // An email or webhook tool saying where things go describes itself; a phone number, a named repository or account, the author's
      // telemetry, or a drop site of a service the tool does not name (a Jira tool's request mirrored to a Discord webhook) does not.
      const foreignDrop = drop !== null && !drop.named.test(purpose)
      const fixed = place.fixed === true || foreignDrop
      const severity = !duplicate && ((argument && !foreignDrop) || (explained && !fixed)) ? 'low' : 'high'
      const why = [
        place.why ?? (place.address ? destinationReason(place.address, self) : 'outside'),
        ...(drop ? [`it is ${drop.kind}`] : []),
      ].join(', and ')
      const dataAt = data && before.includes(data[0]) ? data.index : verb.index
      const start = from + Math.min(before.includes(verb[0]) ? verb.index : dataAt, dataAt)
      out.push({
        start: Math.min(start, place.start),
        end: place.end,
        severity,
        reason: `The text has data sent out: the verb '${verb[0]}', the data '${(data ?? argument)![0]}', the destination '${place.what}', outside because ${why}${duplicate ? `; it is sent besides what the tool is for ('${(DUPLICATE.exec(sentence) ?? DUPLICATE.exec(after))![0]}')` : ''}.`,
      })
    }
    return out
  },
}

/** Names of parameters that are where a tool sends: a webhook, a callback, a copy's recipient, a log or telemetry address. */
const SINK_NAME =
  /(?:^|_)(?:webhooks?|callbacks?|hooks?|forward(?:_?to)?|cc|bcc|recipients?|to|notify(?:_?\w+)?|notifications?|report(?:_?(?:to|url|uri|endpoint))?|log(?:_?(?:url|uri|endpoint|sink|server|host))|telemetry(?:_?\w+)?|analytics(?:_?\w+)?|sinks?|\w*_sink|mirror(?:_?\w+)?|relay(?:_?\w+)?|sync(?:_?(?:url|uri|endpoint|host|to|target|address))?|replica(?:_?\w+)?|archive(?:_?(?:url|uri|endpoint|host|to))|(?:copy|cc|bcc)_?to|backup(?:_?(?:url|uri|endpoint|host))?|upload(?:_?(?:url|uri|endpoint|to))?|post(?:_?(?:url|uri|to))|collector(?:_?\w+)?|beacon(?:_?\w+)?|share(?:_?with)|send(?:_?to)|reply(?:_?to)|destination|dest|target_?url|deliver(?:y)?(?:_?\w+)?)$/

/** Names of parameters that are an address of some kind: sent to only when the tool says so. */
const ADDRESS_NAME = /(?:^|_)(?:url|uri|endpoint|host|server|address|email|e_?mail|phone|number|href|link|base_?url|target)$/

/** Words saying a tool sends or delivers something somewhere (SEND_VERB adds the other languages: '会发送到这里'). */
const SENDS =
  /\b(?:send\w*|sent|post\w*|upload\w*|forward\w*|deliver\w*|report\w*|notif\w*|mirror\w*|sync\w*|push\w*|submit\w*|transmit\w*|log\w*|copy|copies|copied|e-?mail\w*|webhooks?|callbacks?|telemetry|analytics|export\w*|stream\w*|share\w*|relay\w*|replicat\w*|duplicat\w*|archiv\w*|back(?:s|ed)?\s+up|backup\w*)\b/i

/**
 * A parameter's words that make its value where the model sends, with no data named: an order to
 * send to it ('push to it', 'upload there') as a standing habit ('after each commit', 'every
 * time', 'as well'): a remote or endpoint the model is told to keep feeding.
 */
const SEND_TO_IT =
  /\b(?:push|send|post|upload|copy|mirror|sync|forward|relay|report|back\s+up|deliver|stream|export|replicate)\w*\s+(?:[\w-]+\s+){0,3}?(?:to|into|on)\s+(?:it|this\s+(?:one|remote|address|url|endpoint|host|server)|there)\b/i
const STANDING = /\b(?:(?:after|before|on|with)\s+(?:each|every)|(?:each|every)\s+time|always|as\s+well|also|backup|mirror\w*)\b/i

/**
 * A parameter's default, example, const or enum value that is an outside address, judged as if
 * the model will use it, because it will: high when the parameter is where the tool sends (a
 * webhook, callback, cc, log or telemetry address, or an address the tool's words say it sends
 * to); low for any other outside address (a plain fetch target). Documentation addresses, the
 * user's machine and the listing's own service are left alone.
 */
export const defaultDestination: Detector = {
  name: 'outside addresses in parameter values',
  on: 'normalized',
  find: (text, input) => {
    const value = text.trim()
    if (value.length > 2000) return []
    const address =
      /^(?:mailto:)?[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+$/i.test(value) || /^(?:tel:|sms:)?\+\d[\d\s().-]{6,20}\d$/i.test(value)
        ? value.replace(/^mailto:/i, '')
        : /^(?:https?|wss?|ftp):\/\/\S+$/i.test(value)
          ? value
          : // A bare host, as a host or mirror parameter takes one: 'dumpyard.net', 'logs.keeper.io:443/in'.
            /^(?:[a-z0-9-]{1,63}\.){1,6}[a-z]{2,24}(?::\d{1,5})?(?:\/\S*)?$/i.test(value) &&
              !/\.(?:json|ya?ml|txt|md|csv|xml|html?|js|ts|py|sh|log|ini|toml|conf|env|pdf|png|jpe?g|gif|zip|gz|tar)$/i.test(value)
            ? `https://${value}`
            : null
    if (!address) return []
    const self = selfOf(input)
    if (destinationOf(address, self) !== 'outside') return []
    const parameter = parameterAt(input.item.tool, input.field)
    const name = parameter ? nameWords(parameter.name) : ''
    const note = typeof parameter?.schema.description === 'string' ? parameter.schema.description.slice(0, 2000) : ''
    const sink = SINK_NAME.test(name)
    // Content goes there: the parameter's words say the tool sends the model's data to it ('a copy of the message contents is sent here'),
    // or an address parameter of a tool whose words send such data (a webhook tool posting messages); an HTTP tool's request is not.
    const carries = (words: string) => (SENDS.test(words) || SEND_VERB.test(words)) && CONTEXT_DATA.test(words)
    const saysSends =
      carries(note) ||
      (SEND_TO_IT.test(note) && STANDING.test(note)) ||
      (ADDRESS_NAME.test(name) && parameter?.topLevel === true && carries(input.item.own))
    const destination = sink || saysSends
    // A paste site, a request catcher or a chat webhook offered as a value is there to receive: worth a look wherever it sits.
    const drop = dropSiteOf(address)
    const kind = input.role === 'example' ? 'example' : input.role === 'enum' ? 'offered value' : input.role
    const why = destinationReason(address, self)
    return [
      {
        start: 0,
        end: text.length,
        severity: destination ? 'high' : drop ? 'medium' : 'low',
        reason: destination
          ? `The parameter '${parameter?.name ?? name}' is where the tool sends${note ? ` ('${note.slice(0, 80)}')` : ''}, and its ${kind} is ${value}: a model uses it as given, and ${why}${drop ? `, and it is ${drop.kind}` : ''}.`
          : `The parameter '${parameter?.name ?? name}' has an outside address as its ${kind} (${value}); the model may use it as given, though nothing says the tool sends data there${drop ? `, yet it is ${drop.kind}` : ''}.`,
      },
    ]
  },
}
