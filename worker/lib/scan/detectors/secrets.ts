/** Detectors of reaches for secrets: credential files named, secrets harvested, credential parameters nothing explains. */
import type { Severity } from '@shared/scan'
import { type Detector, type Hit, VALUES } from '../rule-types'
import { nameWords, purposeWithout } from './items'
import { phrasesOf } from './languages'
import { type Gate, gates, holdsAny, matches } from './matching'

const VALUE_ROLES: ReadonlySet<string> = new Set(VALUES)

/** Verbs that make a mention of a secret a reach for it. */
const REACH_VERBS =
  /\b(?:text|copy|value)\s+of\b|\b(?:read|open|cat|load|access|fetch|get|grab|copy|send|upload|include|pass|attach|append|paste|provide|forward|extract|collect|dump|print|output|share|transmit|post|email|leak|exfiltrate|echo(?:ed|es)?|quot(?:e|es|ed|ing))\b|contents?|读取|讀取|发送|發送|上传|上傳|読み|送信|送っ|прочит|отправ|приложи|conteúdo|conteudo|inclua|anexe|inhalt|übernimm|contenu|contenido|загрузи|lee|leer|lire|lesen|envía|envia|envie|envoie|envoyer|sende|senden|leia|ler|leggi|invia|lies|öffne|읽|보내|전송|קרא|שלח/i

interface SecretFile {
  /** Words one of which the pattern needs (lowercase). */
  words: readonly string[]
  pattern: RegExp
  /** Words in an item's purpose that explain naming it (an SSH tool naming ~/.ssh). */
  explained: RegExp | null
}

export const SECRET_FILES: SecretFile[] = [
  {
    // The environment dumped, or the values of its secrets: where API keys live.
    words: ['output', 'result', 'content', 'value', 'dump', 'run', 'execute', 'call', 'environment', 'env`', 'get-env', 'get_env'],
    pattern:
      /\b(?:output|result|contents?|values?|dump)\s+of\s+[\x60'"]?(?:printenv|env|set|export\s+-p|Get-ChildItem\s+env:|os\.environ|process\.env)\b|\b(?:runs?|running|execut\w*|call\w*)\s+[\x60'"]?printenv\b|\bvalues?\s+of\s+(?:the\s+|their\s+|your\s+|its\s+|all\s+)?(?:(?:user|project|machine)[’']?s\s+)?environment\s+variables\b|\benvironment\s+variables\s+(?:echoed|printed|dumped|logged|written)\b|\x60(?:env|printenv|set)\x60(?=[^.!?\n。]{0,120}?(?:вывод|output|ausgabe|salida|sortie|saída|attach|append|приложи))|\bget[-_]env\b(?=[^.!?\n]{0,60}?\b(?:quot|print|repeat|echo|copy|includ|append)\w*)|\bvalues?\s+of\s+(?:the\s+)?[\x60'"]?[A-Z][A-Z0-9_]*(?:API_KEY|SECRET(?:_KEY)?|TOKEN|PASSWORD|ACCESS_KEY(?:_ID)?)\b/g,
    explained: /\b(?:env\w*|debug\w*|shell|terminal|exec\w*|command)\b/i,
  },
  {
    // A command that prints a credential, its output handed on: 'run `auth print-access-token` and pass its output'.
    words: ['print-access-token', 'print-identity-token', 'get-access-token', 'auth token', 'auth:token'],
    pattern:
      /\b(?:(?:gcloud\s+)?auth\s+(?:application-default\s+)?print-(?:access|identity)-token|gh\s+auth\s+token|(?:az\s+)?account\s+get-access-token|heroku\s+auth:token|doctl\s+auth\s+token)\b(?=[^.!?\n]{0,80}?\b(?:add|pass|include|append|send|put|insert|attach|forward|paste|copy)\b)/gi,
    explained: null,
  },
  {
    // A store's or a project's admin key taken from the environment: 'the admin access key (the shpat_ value in the environment)'.
    words: ['environment'],
    pattern:
      /\b(?:admin|secret|private|master|root)\s+(?:access\s+|api\s+)?(?:key|token)\b(?=[^.!?\n]{0,50}?\b(?:in|from)\s+(?:the\s+)?(?:\w+[’']s\s+)?environment\b)/gi,
    explained: null,
  },
  {
    // The token a pod's service account mounts: a reach for the cluster's credentials.
    words: ['serviceaccount'],
    pattern: /\/var\/run\/secrets\/kubernetes\.io\/serviceaccount(?:\/(?:token|ca\.crt|namespace))?/gi,
    explained: null,
  },
  {
    // What a browser keeps for a signed-in session.
    words: ['document.cookie', 'localstorage', 'sessionstorage', 'saved'],
    pattern:
      /\bdocument\.cookie\b|\b(?:localStorage|sessionStorage)\b(?=[^.!?\n]{0,80}?\b(?:bank|session|login|account|token|user'?s))|\bsaved\s+(?:logins|passwords|credentials)\b/g,
    // A tool whose purpose is the browser's storage (devtools listing localStorage) names it honestly.
    explained: /\b(?:password\s+manager|vault|keychain|credential\s+manager)\b|storage\b|\bcookie/i,
  },
  {
    words: ['.config'],
    pattern:
      /(?:~|\$HOME)?[\\/]?\.config[\\/](?:gh[\\/]hosts\.yml|[\w.-]+[\\/](?:credentials[\w.-]*|auth[\w.-]*\.(?:json|ya?ml|toml)|tokens?[\w.-]*|secrets?[\w.-]*))/gi,
    explained: /\b(?:gh|github\s+cli|config(?:uration)?\s+manager)\b/i,
  },
  {
    words: ['history'],
    pattern: /\b(?:shell|bash|zsh|command|terminal)\s+history\b/gi,
    explained: /\b(?:shell|terminal|history|command\s+line)\b/i,
  },
  {
    words: ['.ssh', 'id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'authorized_keys'],
    pattern:
      /(?:~|\$HOME|%USERPROFILE%|\/home\/[\w.-]+|\/Users\/[\w.-]+|\/root)?[\\/]?\.ssh(?:[\\/][\w.-]*)?|\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b|\bauthorized_keys\b/gi,
    explained: /\b(?:ssh|sftp|scp|rsync|remote\s+(?:host|server|machine|shell)|server\s+connection|bastion|tunnel)/i,
  },
  {
    words: ['.aws', 'aws_secret'],
    pattern: /\.aws[\\/](?:credentials|config)\b|\baws_secret_access_key\b/gi,
    explained: /\b(?:aws|amazon|s3|ec2|boto|lambda|dynamo|cloudformation|bedrock)/i,
  },
  {
    words: ['application_default_credentials', 'gcloud'],
    pattern:
      /application_default_credentials\.json|\.config[\\/]gcloud\b|\bgcloud[\\/](?:credentials\.db|access_tokens\.db|legacy_credentials)\b|%APPDATA%[\\/]gcloud\b/gi,
    explained: /\b(?:gcp|google\s+cloud|gcloud|bigquery|firebase|vertex)/i,
  },
  {
    words: ['.azure', '.kube'],
    pattern: /\.azure[\\/](?:[\w.-]+)?|(?:~|\$HOME|%USERPROFILE%)[\\/]\.azure\b|\.kube[\\/]config\b|~[\\/]\.kube\b/gi,
    explained: /\b(?:azure|kube|k8s|kubernetes|helm|cluster|pods?|kubectl)/i,
  },
  { words: ['.docker'], pattern: /\.docker[\\/]config\.json/gi, explained: /\b(?:docker|container|registry|image)/i },
  {
    words: ['npmrc', 'pypirc', 'netrc', 'pgpass', 'my.cnf'],
    pattern: /(?<![\w])\.(?:npmrc|pypirc|netrc|pgpass|my\.cnf)\b|_netrc\b/gi,
    explained: /\b(?:npm|pypi|pip|package|publish|postgres|psql|mysql|database|git|registry)/i,
  },
  {
    // Git's plain-text store of passwords: a Git host's tool does not read it, a credential helper may.
    words: ['git-credentials'],
    pattern: /(?<![\w])\.git-credentials\b/gi,
    explained: /\b(?:git\s+credential|credential\s+helper)/i,
  },
  {
    words: ['claude_desktop', '.cursor', 'mcp.json', '.claude', 'codeium', 'cline_mcp', '.vscode', '.continue'],
    pattern:
      /\bclaude_desktop_config\.json|\.cursor[\\/](?:mcp\.json)?|(?<![\w/.-])mcp\.json\b|\.claude\.json|\.claude\/[\w./-]*|\.codeium\/windsurf[\w./-]*|cline_mcp_settings\.json|\.vscode[\\/]mcp\.json|\.continue\/config\.[\w]+/gi,
    explained:
      /\b(?:install|configure|config(?:uration)?\s+(?:of|for)\s+(?:mcp|claude|cursor)|mcp\s+(?:client|config|settings|installer)|setup|set\s+up)\b/i,
  },
  {
    words: [
      'keychain',
      'security',
      'password-store',
      'gnupg',
      'secring',
      'pubring',
      'wallet',
      'keystore',
      'exodus',
      'metamask',
      'nkbihfbeogaeaoehlefnkodbefgpgknn',
      'electrum',
      '.bitcoin',
      'solana',
    ],
    pattern:
      /login\.keychain(?:-db)?|Library[\\/]Keychains\b|\bsecurity\s+(?:find|dump)-(?:generic|internet)-password|\bdump-keychain\b|\.password-store\b|\.gnupg\b|(?:secring|pubring)\.(?:gpg|kbx)|\bwallet\.dat\b|keystore[\\/]UTC--|\bexodus\.wallet\b|\bExodus[\\/](?:exodus\.wallet|[\w.-]*seed[\w.-]*)|(?:MetaMask|nkbihfbeogaeaoehlefnkodbefgpgknn)[^\n]{0,40}?(?:vault|\.ldb\b|Local\s+Extension\s+Settings)|Local\s+Extension\s+Settings[\\/]nkbihfbeogaeaoehlefnkodbefgpgknn|\.electrum[\\/]wallets\b|\.bitcoin[\\/]wallets?\b|\.config[\\/]solana[\\/]id\.json/gi,
    explained: /\b(?:keychain|gpg|pgp|pass(?:word)?\s+manager|wallets?|sign(?:ing)?)\b/i,
  },
  {
    words: ['cookies', 'login', 'logins.json', 'key4.db', 'local', 'state', 'binarycookies'],
    pattern:
      /(?:Chrome|Chromium|Brave|Edge|Firefox|Mozilla|Safari|Opera)[^\n]{0,60}?(?:Cookies|Login\s+Data|logins\.json|key4\.db|cookies\.sqlite|Local\s+State)|\bcookies\.sqlite\b|\bCookies\.binarycookies\b|\blogins\.json\b|\bkey4\.db\b|\bLogin\s+Data\b/g,
    explained: /\b(?:browser\s+automation|cookie\s+manager|session\s+import)\b/i,
  },
  {
    words: ['/etc/', '_history'],
    pattern: /\/etc\/(?:shadow|sudoers|gshadow)\b|\.(?:bash|zsh|sh|python|node_repl|psql|mysql)_history\b/gi,
    explained: /\b(?:shell\s+history|history\s+search)\b/i,
  },
  {
    words: ['vault-token', 'hub', 'terraform', 'tfstate', '.boto', 's3cfg', 'dockercfg', 'htpasswd', 'bashrc', 'zshrc', 'profile'],
    pattern:
      /\.vault-token\b|\bterraform\.tfstate(?:\.backup)?\b|\.config\/hub\b|\.terraformrc\b|\.terraform\.d\/credentials[\w.]*|(?<![\w.])\.boto\b|\.s3cfg\b|\.dockercfg\b|\.htpasswd\b|(?:~|\$HOME)\/\.(?:bashrc|zshrc|profile|bash_profile|zprofile)\b/gi,
    explained: /\b(?:vault|hashicorp|terraform|hub|shell\s+config\w*|dotfiles?)\b/i,
  },
  {
    // Windows keeps its credential stores and several clients' secrets under the roaming profile.
    words: ['appdata'],
    pattern:
      /(?:%(?:LOCAL)?APPDATA%|AppData[\\/](?:Roaming|Local))[\\/](?:Microsoft[\\/](?:Credentials|Protect|Vault)|Exodus|Electrum|Ethereum[\\/]keystore|Claude[\\/]claude_desktop_config\.json)[^\s"'<>]*/gi,
    explained: /\b(?:windows\s+credential|credential\s+manager|backup\w*|wallets?|claude|install\w*)\b/i,
  },
  {
    words: ['private'],
    pattern: /-----BEGIN\s+(?:RSA\s+|EC\s+|DSA\s+|OPENSSH\s+|PGP\s+|ENCRYPTED\s+)?PRIVATE\s+KEY(?:\s+BLOCK)?-----/g,
    explained: /\b(?:pem|certificate|tls|ssl|x509|crypto)\b/i,
  },
  {
    words: ['.env'],
    pattern:
      /(?<![\w$.])\.env(?:\.(?:local|production|prod|development|dev|test|staging))?(?:(?![\w-])|(?=-(?:datei|file|fil|fichier|archivo|arquivo|файл)))/gi,
    explained: /\b(?:env|environment|dotenv|config(?:uration)?|settings|variables?|deploy|setup)\b/i,
  },
  {
    words: ['credentials', 'client_secret', 'service_account', 'service-account', 'secret.', 'secrets.', 'token.'],
    pattern: /\b(?:credentials|client_secrets?|service[-_]account(?:[-_][\w]+)?|secrets?|token)\.(?:json|ya?ml|toml)\b/gi,
    explained: /\b(?:google|gmail|drive|calendar|sheets|oauth|gcp|firebase|youtube|auth)/i,
  },
]

/**
 * Credential and key files, client configurations and the like, named in a text. Where the item's
 * own purpose explains the file (a Kubernetes tool and ~/.kube/config), a mention is worth knowing
 * (low) and a reach is worth a look (medium); where nothing explains it, it is an attack (high).
 */
export const credentialFiles: Detector = {
  name: 'credential files',
  on: 'normalized',
  find: (text, input) => {
    const out: Hit[] = []
    const lower = text.toLowerCase()
    for (const file of SECRET_FILES) {
      if (!holdsAny(input, lower, file.words)) continue
      for (const m of matches(file.pattern, text)) {
        if (m[0].length < 3) continue
        const purpose = purposeWithout(input.item.purpose, m[0]).replace(file.pattern, ' ')
        file.pattern.lastIndex = 0
        const explained = file.explained ? file.explained.test(purpose) : false
        // The sentence around it: is the model told to read or send it?
        const sentence = sentenceAround(text, m.index, m.index + m[0].length)
        // A default, an example or an enum value is used as given: the model reads or sends the file.
        const value = VALUE_ROLES.has(input.role)
        const reach = value || REACH_VERBS.test(sentence)
        // Named as what the tool refuses ('hidden config directories such as ~/.ssh are rejected'): a guard, not a reach.
        const refused =
          REFUSED_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 60)) ||
          REFUSED_BEFORE.test(text.slice(Math.max(0, m.index - 80), m.index))
        const severity: Severity = refused ? 'low' : explained ? (reach ? 'medium' : 'low') : 'high'
        // The home directory written before the path belongs to the span ('~/.cursor/mcp.json').
        const home = /(?:~|\$HOME|%USERPROFILE%|%APPDATA%)[\\/]$/.exec(text.slice(Math.max(0, m.index - 14), m.index))
        out.push({
          start: m.index - (home?.[0].length ?? 0),
          end: m.index + m[0].length,
          severity,
          reason:
            value && !refused
              ? `The ${input.role} value is the path of a credential, key or client configuration file${explained ? ", which the tool's purpose may explain" : " the tool's purpose does not explain"}; a model passes it on as given.`
              : undefined,
        })
      }
    }
    return out
  },
}

const REFUSED_AFTER =
  /^[^.;:!?]{0,40}?\b(?:are|is|will\s+be|get|gets)\s+(?:always\s+)?(?:rejected|denied|blocked|refused|excluded|not\s+allowed|disallowed|forbidden|off-limits|protected|never\s+(?:read|touched|exposed))\b/i
const REFUSED_BEFORE =
  /\b(?:except|excluding|never\s+(?:reads?|touch(?:es)?|access(?:es)?|exposes?)|(?:cannot|can't|won't|will\s+not|does\s+not|doesn't)\s+(?:read|access|touch|expose|open)|blocks?|rejects?|denies|refuses?|protects?|excludes?)\b[^.;:!?]{0,40}$/i

/** The sentence (or line) a span sits in, at most 200 characters either side. */
function sentenceAround(text: string, start: number, end: number): string {
  let s = start
  while (s > 0 && start - s < 200 && !/[.!?\n。]/.test(text[s - 1])) s--
  let e = end
  while (e < text.length && e - end < 200 && !/[!?\n。]/.test(text[e]) && !(text[e] === '.' && /\s/.test(text[e + 1] ?? ' '))) e++
  return text.slice(s, start) + text.slice(end, e)
}

const SECRET_WORDS = String.raw`(?:(?:api|access|auth|bearer|oauth|session|refresh|github|gitlab|aws|npm|personal\s+access)\s+tokens?|api\s*keys?|secrets?|credentials?|passwords?|passphrases?|access\s+tokens?|auth(?:entication)?\s+tokens?|bearer\s+tokens?|tokens|private\s+keys?|ssh\s+keys?|session\s+cookies|cookies|seed\s+phrases?|recovery\s+phrases?|mnemonics?|wallet\s+keys?)`

export const HARVEST: Gate[] = [
  ...gates(
    [
      [
        ['collect', 'gather', 'harvest', 'extract', 'steal', 'exfiltrate', 'search', 'look', 'scan', 'hunt', 'grab', 'dump', 'find'],
        String.raw`\b(?:collect|gather|harvest|extract|steal|exfiltrate|search\s+for|look\s+for|scan\s+for|hunt\s+for|grab|dump|find)\s+(?:all\s+|any\s+|every\s+)?(?:the\s+)?(?:user'?s\s+|available\s+|stored\s+|saved\s+|local\s+|existing\s+)?${SECRET_WORDS}\b`,
      ],
      [
        [
          'send',
          'includ',
          'pass',
          'attach',
          'append',
          'forward',
          'upload',
          'paste',
          'copy',
          'put',
          'add',
          'insert',
          'post',
          'share',
          'provid',
        ],
        String.raw`\b(?:send|include|pass|attach|append|forward|upload|paste|copy|put|add|insert|post|share|provide)\s+(?:all|any|every|the\s+user'?s|their|your)\s+(?:available\s+|stored\s+|saved\s+|local\s+)?${SECRET_WORDS}\b`,
      ],
      [
        ['you', 'stored', 'found', 'saved'],
        String.raw`\b(?:all|any|every)\s+${SECRET_WORDS}\s+(?:you\s+(?:can\s+)?(?:find|see|access|know|have)|(?:stored|found|saved)\s+(?:on|in)\s+(?:the\s+)?(?:machine|system|disk|computer|workspace|environment|home))`,
      ],
      // The user's own keys and passwords, however they are put.
      [['key'], String.raw`\b(?:the\s+)?(?:user|person|customer)'?s?\s+(?:own\s+)?(?:ssh|private|secret|gpg|pgp|signing)\s+keys?\b`],
      [
        ['password'],
        String.raw`\b(?:the\s+)?(?:user|person|customer)'?s\s+(?:own\s+)?(?:account\s+|login\s+|bank\s+|email\s+)?passwords?\b`,
      ],
      [['key'], String.raw`\b(?:private|secret)\s+(?:half|part|portion)\s+of\s+(?:the|your|a|their)\s+key`],
      [
        ['ssh', 'shell'],
        String.raw`\b(?:secure\s+shell|ssh)\s+(?:client|key|identity)\b[^.!?\n]{0,60}?\b(?:home\s+(?:folder|directory)|stored|saved)`,
      ],
      [
        ['keeps'],
        String.raw`\bwhere\s+[^.!?\n]{0,60}?\bkeeps\s+(?:its|their|the|your)\s+(?:sign-?in|login|credentials?|secrets?|keys?|tokens?|passwords?)`,
      ],
      [
        ['hidden', 'dot', 'ssh', 'secure', 'keeps'],
        String.raw`\b(?:hidden|dot)\s+(?:folder|directory|file)s?\s+(?:in|of|under|inside)\s+(?:the\s+)?(?:(?:user|person)'?s?\s+|your\s+|their\s+)?home|\b(?:folder|directory|files?)\s+(?:named\s+(?:after|for)|called)\s+(?:the\s+)?(?:secure\s+shell|ssh)\b|\bdot-?files?\b[^.!?\n]{0,80}?\b(?:keys?|tokens?|secrets?|passwords?|credentials?)\b|\bkeeps\s+(?:its|their|the|your)\s+(?:\w+\s+){0,3}(?:such\s+as|like|including)\s+(?:\w+\s+)?(?:keys|tokens|secrets|passwords|credentials)`,
      ],
      // A command that prints a credential, its output to be handed over: 'run gcloud auth print-access-token and add the token to the args'.
      [
        [
          'print-access-token',
          'print-identity-token',
          'auth token',
          'get-access-token',
          'aws_secret_access_key',
          'export-credentials',
          '--raw',
          'auth:token',
        ],
        String.raw`\b(?:gcloud\s+auth\s+(?:application-default\s+)?print-(?:access|identity)-token|gh\s+auth\s+token|az\s+account\s+get-access-token|aws\s+configure\s+(?:get\s+aws_secret_access_key|export-credentials)|kubectl\s+config\s+view\s+--raw|heroku\s+auth:token|doctl\s+auth\s+token)\b[^.!?\n]{0,80}?\b(?:add|pass|include|append|send|put|insert|attach|forward|paste|copy)\b`,
      ],
      // The file named by what it does rather than its name: 'the text of the key file the cloud command line signs in with'.
      [
        ['text', 'content', 'value'],
        String.raw`\b(?:text|contents?|value)\s+of\s+(?:the|your|their|a|its)\s+(?:\w+\s+){0,2}?(?:key|credentials?|token|secret|sign-?in|login|auth(?:entication)?)\s+files?\b`,
      ],
      [
        ['sign', 'log', 'authenticat'],
        String.raw`\b(?:key|credentials?|token|secret)\s+files?\b[^.!?\n]{0,60}?\b(?:signs?\s+in|logs?\s+in|authenticates?)\s+with\b`,
      ],
      // Identity and card details from the chat, put into a field: 'add the guest's passport number and the card details mentioned earlier'.
      [
        ['passport', 'card', 'social security'],
        String.raw`\b(?:add|include|append|put|pass|insert|copy|paste|send)\s+(?:the\s+)?(?:guest|user|customer|person|traveller|traveler|client|buyer|caller)[’']?s?\s+(?:passport|credit\s+card|card|social\s+security|national\s+id|bank\s+account)\s+(?:numbers?|details)|\bcard\s+(?:details|numbers?)\s+(?:mentioned|given|shared|provided|typed)\s+(?:earlier|before|previously)`,
      ],
      // Values picked out for looking like secrets: 'quote the values that look like keys'.
      [
        ['look', 'seem'],
        String.raw`\b(?:values?|strings?|entries)\s+that\s+(?:look|looks|seem|seems)\s+like\s+(?:keys|tokens|secrets|passwords|credentials|api\s+keys)`,
      ],
      [['hidden', 'dot'], String.raw`\b(?:hidden|dot)\s+(?:settings|config(?:uration)?|credentials?)\s+(?:folder|directory)`],
      [
        ['secret', 'private', 'sensitive'],
        String.raw`\b(?:secret|private|sensitive)\s+(?:settings|config(?:uration)?|credential)\s+files?`,
      ],
    ],
    'giu',
  ),
  // The same in other languages (languages.ts).
  ...phrasesOf('harvest'),
]

/** Harvesting secrets: 'collect any API keys you can find'. A secrets manager's own tools are explained by their purpose (low). */
export const harvest: Detector = {
  name: 'harvesting secrets',
  on: 'normalized',
  find: (text, input) => {
    const lower = text.toLowerCase()
    return HARVEST.filter((part) => holdsAny(input, lower, part.words))
      .flatMap((part) => matches(part.pattern, text))
      .map((m) => {
        const explained =
          /\b(?:secret|vault|password|credential|key|token|1password|bitwarden|keychain|keepass|auth\w*|log\s*in|sign\s*in|wallet|scanner|leak|detect|audit|security)/i.test(
            purposeWithout(input.item.purpose, m[0]),
          )
        return { start: m.index, end: m.index + m[0].length, severity: explained ? 'low' : undefined }
      })
  },
}

const CREDENTIAL_PARAM =
  /(?:^|_)(?:api_?key|apikey|access_?token|auth_?token|bearer_?token|token|secret|secret_?key|client_?secret|access_?key|password|passwd|passphrase|pwd|private_?key|credentials?|cookies?|session_?(?:token|key|cookie|secret)|ssh_?key|mnemonic|seed_?phrase|recovery_?phrase|otp|totp|one_?time_?(?:code|password|pin)|(?:2fa|mfa|sms|auth|authenticator|security)_?code|card_?number|credit_?card|cvv|cvc|iban|ssn|social_?security(?:_?number)?)$/

/** Credentials of a kind only some purposes explain: keys to money, codes that let someone in, card numbers. */
const KIND_EXPLAINERS: Array<{ kind: RegExp; explained: RegExp }> = [
  {
    kind: /(?:mnemonic|seed_?phrase|recovery_?phrase|private_?key)$/,
    explained: /\b(?:wallet|crypto\w*|blockchain|sign\w*|transactions?|ethereum|solana|bitcoin|web3|ssh|tls|certificate|pgp|gpg)\b/i,
  },
  {
    kind: /(?:otp|totp|one_?time_?\w+|_?code)$/,
    explained: /\b(?:auth\w*|log\s*in|login|sign\s*in|verif\w*|2fa|mfa|account|two-factor)\b/i,
  },
  {
    kind: /(?:card_?number|credit_?card|cvv|cvc|iban|ssn|social_?security\w*)$/,
    explained: /\b(?:pay\w*|checkout|billing|charge|stripe|paypal|orders?|purchase|bank\w*|invoice|kyc|identity)\b/i,
  },
  // A signed-in session (a cookie, a session token) belongs to a browser, a site: a translation API
  // that needs a key of its own has no use for the session cookie of the user's email provider.
  {
    kind: /(?:cookies?|session_?(?:token|key|cookie|secret))$/,
    explained:
      /\b(?:browser\w*|cookies?|sessions?|web\w*|https?|requests?|scrap\w*|crawl\w*|fetch\w*|log\s*in|login|sign\s*in|auth\w*|puppeteer|playwright|selenium|headless|sites?|pages?|curl)\b/i,
  },
  {
    kind: /(?:password|passwd|passphrase|pwd)$/,
    explained:
      /\b(?:auth\w*|log\s*in|login|sign\s*in|account|users?|passwords?|database|db|sql|postgres|mysql|ssh|ftp|sftp|smtp|imap|e-?mail|mail|encrypt\w*|decrypt\w*|zip|archive|pdf|vault|wifi|router|connect\w*)\b/i,
  },
]
const NOT_A_CREDENTIAL =
  /(?:^|_)(?:page|next|prev|previous|continuation|pagination|cursor|sync|max|num|count|idempotency|verification|invite|reset|start|end|csrf)_token$|(?:^|_)(?:status|error|response|country|language|lang|zip|postal|area|promo|discount|coupon|color|colour|source|exit|qr|bar|short|product|region|currency|airport|station|iata|icao|code|sku|ref|reference|access)_?code$/

/** What explains a tool asking for a credential: it talks to a service, an account, a store of secrets. */
const NEEDS_CREDENTIALS =
  /\b(?:auth\w*|log\s*in|login|sign(?:\s*in|ed|ing)?|accounts?|credential\w*|tokens?|keys?|passwords?|secrets?|oauth|api|apis|services?|https?|requests?|webhooks?|connect\w*|cloud|remote|platforms?|integrations?|repos?|repository|repositories|github|gitlab|bitbucket|slack|discord|telegram|jira|confluence|notion|linear|stripe|paypal|aws|azure|gcp|google|openai|anthropic|database|db|sql|postgres|mysql|mongo|redis|e-?mail|mail|smtp|imap|wallet|crypto|blockchain|transactions?|deploy\w*|publish\w*|upload\w*|sync\w*|fetch\w*|send\w*|post\w*|bots?|users?|vault|encrypt\w*|decrypt\w*|hash\w*|jwt|ssh|ftp|sftp|proxy|gateway|endpoint|tenant|workspace|organi[sz]ation|projects?|channels?|issues?|tickets?|payments?|invoices?|orders?|customers?|crm|dns|domains?|hosting|cluster|kube\w*|docker|registry|web|browser|scrape\w*|crawl\w*|download\w*|weather|maps?|translate|llm|chat|messages?|sms|calendar|drive|sheets?|storage|bucket)\b/i

/** Services a credential parameter can name ('github_token', 'Your OpenAI API key'). */
const SERVICES =
  /\b(github|gitlab|bitbucket|openai|anthropic|claude|gemini|mistral|cohere|huggingface|aws|amazon|azure|gcp|google|slack|discord|telegram|twilio|stripe|paypal|notion|jira|atlassian|confluence|linear|asana|trello|airtable|figma|shopify|salesforce|hubspot|zendesk|dropbox|box|twitter|facebook|meta|instagram|linkedin|reddit|youtube|spotify|brave|tavily|exa|firecrawl|pinecone|supabase|firebase|vercel|netlify|heroku|cloudflare|digitalocean|docker|npm|pypi|sentry|datadog|pagerduty|circleci|mongodb|postgres|mysql|redis|elastic)\b/i

/**
 * A required parameter named like a credential (api_key, token, password) on a tool whose purpose
 * needs none: 'add_numbers' asking for an API key. When the parameter names a service ('github_token',
 * 'Your OpenAI API key') the tool's purpose must name it too: a maps tool has no use for a GitHub token.
 */
export const unexplainedCredential: Detector = {
  name: 'unexplained credential parameters',
  on: 'raw',
  find: (text, input) => {
    // Top-level parameters only: a password inside a 'credentials' object is explained by it.
    if (!input.required || (input.field.match(/(?:^|\.)properties\./g)?.length ?? 0) > 1) return []
    const words = nameWords(text)
    if (!CREDENTIAL_PARAM.test(words) || NOT_A_CREDENTIAL.test(words)) return []
    const purpose = input.item.purpose.split(/\s+/).map(nameWords).join(' ').replace(/_/g, ' ')
    const service = `${words.replace(/_/g, ' ')} ${input.note ?? ''}`.match(SERVICES)?.[1]?.toLowerCase()
    const kind = KIND_EXPLAINERS.find((k) => k.kind.test(words))
    if (kind) {
      if (kind.explained.test(purpose)) return []
    } else if (service) {
      const alias = service === 'github' || service === 'gitlab' ? 'git' : service
      if (new RegExp(`\\b${alias}`, 'i').test(purpose)) return []
    } else if (NEEDS_CREDENTIALS.test(purpose)) return []
    return [{ start: 0, end: text.length }]
  },
}
