/**
 * What a tool says it does, read from its name, title, description and input schema: whether it
 * deletes, writes, sends, pays, runs commands or code, or reaches the open world, and where it says
 * so (the words and the field), or whether it only reads. The annotation-honesty rules weigh this
 * against the hints a tool claims (detectors/annotation-honesty.ts), and the tool-quality checks
 * call `overcautiousHints` for the reverse case, a reading tool marked as if it destroyed things.
 *
 * Read as a person reads a tool's definition, not from a list of tool names: the name split into
 * words (snake, camel, kebab case), each sentence of the description read for its verbs in English,
 * Spanish, French, German, Portuguese, Italian, Russian, Chinese and Japanese, and parameters that
 * carry commands, code, URLs, recipients or amounts. A verb counts as the tool's action when it leads
 * (no reading verb before it in its sentence or name, or it is joined to one by 'and', 'or', a
 * comma), is not negated ('does not delete', 'without sending') and is not a noun ('the delete
 * events', 'a post'); past participles ('deleted items', 'sent messages') are never actions, and
 * 'dry run', 'preview' and 'simulate' read. Pure and deterministic.
 */
import type { JsonValue, SurfaceTool } from '@shared/surface'

/** What a tool may do that its hints speak of. */
export type ToolAction = 'delete' | 'write' | 'send' | 'pay' | 'exec' | 'open-world'

/** The actions in words, as a finding says them ('the tool deletes'). */
export const ACTION_WORDS: Record<ToolAction, string> = {
  delete: 'deletes or overwrites',
  write: 'writes or changes things',
  send: 'sends messages',
  pay: 'moves money',
  exec: 'runs commands or code',
  'open-world': 'reaches the open world',
}

/** One place a tool shows an action: the field, the span in that field's text and the words. */
export interface ActionEvidence {
  action: ToolAction
  /** 'name', 'title', 'description', 'annotations.title', 'inputSchema.properties.command'... */
  field: string
  start: number
  end: number
  words: string
}

export interface ToolIntent {
  /** Every action shown, the first place per action and field, in field order (name, title, description, schema). */
  evidence: ActionEvidence[]
  /** The first sign the tool reads (a reading verb leading its name, a title or its description), when there is one. */
  reads: Omit<ActionEvidence, 'action'> | null
}

type Kind = ToolAction | 'read'

/**
 * Verb forms by what they do, in every language read: Latin and Cyrillic forms are whole words
 * (lowercase), Chinese and Japanese ones are found inside a run of characters. Past participles are
 * left out on purpose ('deleted', 'gelöschte', 'удалённые'): they describe things, not the tool.
 */
const WORDS: Record<Kind, string> = {
  delete: `
    delete deletes deleting del rm remove removes removing erase erases erasing destroy destroys destroying drop drops dropping
    purge purges purging wipe wipes wiping truncate truncates truncating unlink unlinks trash trashes discard discards
    uninstall uninstalls terminate terminates terminating kill kills overwrite overwrites overwriting clear clears clearing
   
    |eliminar elimina eliminan elimine borrar borra borran borre suprimir suprime quitar quita vaciar vacía sobrescribir sobrescribe
    supprimer supprime suppriment effacer efface retirer détruire détruit vider écraser écrase
    löschen löscht lösche entfernen entfernt entferne vernichten leeren leert überschreiben überschreibt
    excluir exclui excluem apagar apaga apagam remover deletar deleta destruir sobrescrever sobrescreve
    eliminare cancellare cancella rimuovere rimuove distruggere distrugge svuotare svuota sovrascrivere sovrascrive
    удалить удаляет удаляют удалите удаляй удалять стереть стирает очистить очищает уничтожить уничтожает перезаписать перезаписывает`,
  write: `
    create creates creating write writes writing update updates updating edit edits editing modify modifies modifying
    insert inserts inserting upsert upserts sets save saves saving patch patches add adds adding append appends
    rename renames move moves moving replace replaces replacing upload uploads uploading commit commits push pushes merge merges
    deploy deploys deploying install installs installing change changes changing assign assigns approve approves archive archives
    restore restores apply applies applying store stores import imports close closes fill fills click clicks press
    presses submit submits submitting configure configures enable enables disable disables reset resets lock locks unlock
    schedule schedules register registers fork forks unstar mutate mutates transfer transfers revoke revokes
    |crear crea crean cree escribir escribe actualizar actualiza actualice modificar modifica editar edita guardar guarda insertar inserta
    añadir añade agregar agrega subir sube mover mueve renombrar renombra cambiar cambia registrar registra
    créer crée créent écrire écrit modifier modifie enregistrer enregistre ajouter ajoute insérer insère renommer renomme déplacer
    déplace téléverser
    erstellen erstellt erstelle schreiben schreibt ändern ändert aktualisieren aktualisiert bearbeiten bearbeitet speichern speichert
    hinzufügen fügt einfügen anlegen legt umbenennen verschieben verschiebt hochladen
    criar cria criam escrever escreve atualizar atualiza editar salvar salva inserir insere adicionar adiciona mover move renomear
    creare scrivere scrive aggiornare aggiorna modificare salvare inserire inserisce aggiungere aggiunge spostare sposta rinominare
    создать создаёт создает создайте записать записывает изменить изменяет обновить обновляет сохранить сохраняет добавить
    добавляет переименовать переместить перемещает`,
  send: `
    send sends sending email emails emailing mail mails post posts posting reply replies forward forwards notify notifies
    publish publishes publishing tweet tweets share shares invite invites broadcast broadcasts dm sms
    |enviar envía envia envían mandar manda publicar publica responder responde reenviar reenvía
    envoyer envoie envoient publier publie répondre répond transférer transfère
    senden sendet sende schicken schickt verschicken verschickt veröffentlichen veröffentlicht posten postet weiterleiten
    envia enviam publicar encaminhar encaminha
    inviare invia inviano spedire spedisce pubblicare pubblica rispondere risponde inoltrare inoltra
    отправить отправляет отправляют отправьте отправь послать посылает опубликовать публикует переслать пересылает`,
  pay: `
    pay pays paying charge charges charging refund refunds refunding purchase purchases buy buys withdraw withdraws
    |pagar paga pague pagan reembolsar reembolsa cobrar cobra comprar compra
    payer paie paye rembourser rembourse acheter achète virer
    zahlen zahlt bezahlen bezahlt überweisen überweist erstatten erstattet kaufen kauft
    pagare pagano rimborsare rimborsa acquistare acquista bonificare
    оплатить оплачивает заплатить платит перевести переводит купить покупает`,
  exec: `
    execute executes executing exec eval evaluate evaluates run runs running invoke invokes spawn spawns launch launches
    |ejecutar ejecuta ejecutan exécuter exécute lancer lance ausführen führt executar executa eseguire esegue
    выполнить выполняет выполняют запустить запускает`,
  'open-world': `
    browse browses browsing navigate navigates navigating crawl crawls crawling scrape scrapes scraping visit visits download downloads
    |navegar navega descargar descarga naviguer navigue télécharger télécharge herunterladen lädt baixar baixa navigare naviga
    scaricare scarica скачать скачивает`,
  read: `
    get gets getting list lists listing read reads reading search searches searching find finds query queries fetch fetches
    show shows view views describe describes retrieve retrieves return returns look lookup inspect inspects check checks count
    counts preview previews explain explains analyze analyzes analyse validate validates summarize summarizes compare compares
    generate generates render renders convert converts calculate calculates compute computes translate translates parse parses
    estimate estimates simulate simulates dry diff export exports watch monitor monitors audit audits test tests verify verifies
    |leer lee obtener obtiene listar lista buscar busca consultar consulta mostrar muestra ver recuperar recupera devuelve devolver
    previsualizar simular
    lire lit obtenir obtient lister liste rechercher recherche chercher cherche afficher affiche récupérer récupère renvoie
    retourne consulter prévisualiser simuler
    lesen liest abrufen ruft auflisten listet suchen sucht anzeigen zeigt holen holt liefert prüfen prüft simulieren
    ler lê obter obtém pesquisar pesquisa mostra retorna visualizar
    leggere legge ottenere ottiene elencare elenca cercare cerca mostrare recuperare restituisce visualizzare simulare
    прочитать читает читать прочитай получить получает получите показать показывает найти ищет искать найдите вывести выводит
    перечислить возвращает просмотреть`,
}

/** Chinese and Japanese forms, found inside a run of characters. */
const CJK: Record<Kind, readonly string[]> = {
  delete: ['删除', '移除', '清空', '销毁', '清除', '覆盖', '削除', '消去', '破棄', '上書き'],
  write: [
    '创建',
    '新建',
    '写入',
    '修改',
    '更新',
    '编辑',
    '保存',
    '添加',
    '插入',
    '重命名',
    '上传',
    '作成',
    '書き込',
    '変更',
    '編集',
    '追加',
    '挿入',
    'アップロード',
    '登録',
  ],
  send: ['发送', '发布', '推送', '回复', '转发', '群发', '送信', '投稿', '返信', '転送'],
  pay: ['支付', '付款', '转账', '汇款', '退款', '扣款', '购买', '支払', '決済', '送金', '振込', '振り込', '返金', '購入'],
  exec: ['执行', '运行', '実行'],
  'open-world': ['浏览', '抓取', '下载', '閲覧', 'ダウンロード'],
  read: [
    '读取',
    '获取',
    '查询',
    '列出',
    '搜索',
    '查看',
    '查找',
    '显示',
    '返回',
    '预览',
    '模拟',
    '読み取',
    '読み込',
    '取得',
    '一覧',
    '検索',
    '表示',
    '参照',
    'プレビュー',
  ],
}

/** Each form: what it does, and whether it is English (whose verbs and nouns share forms, so its place in the sentence decides). */
const FORMS: ReadonlyMap<string, { kind: Kind; english: boolean }> = (() => {
  const out = new Map<string, { kind: Kind; english: boolean }>()
  for (const kind of Object.keys(WORDS) as Kind[]) {
    const [english, other] = WORDS[kind].split('|')
    for (const word of english.split(/\s+/).filter(Boolean)) if (!out.has(word)) out.set(word, { kind, english: true })
    for (const word of other.split(/\s+/).filter(Boolean)) if (!out.has(word)) out.set(word, { kind, english: false })
  }
  return out
})()

/** Forms only a name uses as verbs ('set_config', 'type_text'); in prose they are mostly nouns. */
const NAME_ONLY: ReadonlyMap<string, Kind> = new Map([
  ['set', 'write'],
  ['type', 'write'],
  ['mv', 'write'],
  ['cp', 'write'],
  ['sh', 'exec'],
  ['cmd', 'exec'],
])

/** A name or title ending with one of these is about reading something ('deploy_status', 'netlify-deploy-services-reader'). */
const READ_NOUNS = new Set(
  'reader readers viewer viewers status info information instructions docs documentation guide help rules preview history logs report stats statistics'.split(
    ' ',
  ),
)

/** What a tool computes or holds only for the call: writing one changes nothing in the world ('create a buffer zone', 'merge polygons', 'close a connection'). */
const RESULT_NOUNS = new Set(
  'buffer polygon polygons geometry geometries chart charts diagram graph summary connection session sessions uuid hash checksum numbers values'.split(
    ' ',
  ),
)

/** Words before an English verb form that make it the tool's verb: a subject, a joiner, an auxiliary, an adverb. */
const VERB_BEFORE = new Set(
  'tool it this that which and or then also to can will may must should please you we i server function endpoint command operation just only'.split(
    ' ',
  ),
)

/** Words that make an action verb one the tool does not do: 'not', 'without', 'never'... */
const NEGATIONS = new Set(
  `not no never without don't doesn't cannot can't won't wouldn't would could nor dry
   nunca sin jamás ne pas sans jamais aucun nicht kein keine ohne nie não nao sem non senza mai не без никогда нет`.split(/\s+/),
)
/** Words after which an English verb form is a noun: 'the update', 'a post', 'for delete events'. */
const NOUN_MARKERS = new Set(
  'a an the this that these those each every any some its their your our his her of for about per el la los las le les un une der die das den dem des ein eine il lo gli um uma o os'.split(
    ' ',
  ),
)
/** Words that join a verb to the one before: 'lists files and deletes them'. */
const JOINERS = new Set('and or then also , y o e et ou puis und oder dann и или затем'.split(' '))

/** Words alternatives between letter boundaries (\\b knows only ASCII), or else characters found anywhere (Chinese, Japanese, symbols). */
const bounded = (words: RegExp, anywhere: RegExp) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${words.source}(?![\\p{L}\\p{N}])|${anywhere.source}`, 'iu')

/** What the action acts on, for verbs that need an object to be that action ('run' a command, 'transfer' money). */
const CODE_WORDS = bounded(
  /(?:commands?|cmds?|scripts?|code|shell|bash|zsh|powershell|terminal|sql|javascript|js|python|snippets?|programs?|process(?:es)?|statements?|expressions?|binar(?:y|ies)|executables?|comandos?|commandes?|befehle?|skripte?|codice|comandi|codigo|código|команд\p{L}*|скрипт\p{L}*|код\p{L}*)/u,
  /命令|脚本|代码|指令|コマンド|スクリプト|コード|シェル/,
)
const MONEY_WORDS = bounded(
  /(?:money|funds?|payments?|amount|currency|balance|usd|eur|gbp|btc|eth|usdc|crypto|wallet|bank|iban|invoice|dinero|fondos|pago|argent|fonds|paiement|geld|zahlung|dinheiro|pagamento|denaro|деньги|денег|средства|платеж\p{L}*|платёж\p{L}*)/u,
  /[€£¥]|资金|金额|钱|お金|金額|送金/,
)
const MONEY_NOUNS = new Set(
  'payment payments refund refunds charge charges transfer transfers payout payouts purchase purchases pago pagos paiement zahlung pagamento'.split(
    ' ',
  ),
)
/** Phrases that say the tool reaches the open world whatever its verb. */
const OPEN_WORLD_PHRASES = bounded(
  /(?:search(?:es|ing)? the web|web[ -]?search(?:es)?|the (?:open )?(?:web|internet)|any (?:url|website|web ?page)|arbitrary (?:urls?|websites?)|web ?pages?|websites?|(?:fetch(?:es|ing)?|open(?:s|ing)?|load(?:s|ing)?) (?:a |the |any )?(?:url|link)s?|http requests?|internet|página web|sitio web|page web|site web|webseite|im internet|página da web|pagina web|sito web|веб-страниц\p{L}*|интернет\p{L}*|сайт\p{L}*)/u,
  /网页|网址|互联网|联网|ウェブページ|インターネット|ウェブサイト/,
)

const EXEC_PARAMS = new Set([
  'command',
  'cmd',
  'commands',
  'script',
  'shell',
  'bash',
  'powershell',
  'sql',
  'snippet',
  'javascript',
  'python',
])
/** Parameters that carry code only when the tool says it runs it ('code', 'function'). */
const MAYBE_CODE_PARAMS = new Set(['code', 'function', 'expression', 'source', 'program'])
const URL_PARAMS = new Set(['url', 'urls', 'href', 'link', 'links', 'website', 'webpage', 'uri'])
const RECIPIENT_PARAMS = new Set([
  'to',
  'recipient',
  'recipients',
  'cc',
  'bcc',
  'phone',
  'email',
  'emails',
  'address',
  'addresses',
  'destination',
])
const CONTENT_PARAMS = new Set(['body', 'message', 'text', 'subject', 'content', 'html'])
const AMOUNT_PARAMS = new Set(['amount', 'sum', 'value', 'price', 'quantity'])
const PAYEE_PARAMS = new Set(['to', 'recipient', 'payee', 'destination', 'iban', 'account', 'wallet', 'address', 'beneficiary', 'receiver'])

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u

interface Token {
  word: string
  start: number
  end: number
  kind: Kind | null
  /** An English form, whose place in the sentence says whether it is a verb. */
  english: boolean
  cjk: boolean
}

/** A name as words: 'deleteFile', 'delete-file', 'API-post-search' → delete file, api post search, with their spans. */
function nameTokens(name: string): Token[] {
  const out: Token[] = []
  const re = /[\p{Lu}]?[\p{Ll}\p{Lo}\p{M}\p{N}]+|[\p{Lu}]+(?![\p{Ll}])/gu
  for (const m of name.matchAll(re)) {
    for (const token of wordTokens(m[0], m.index)) {
      const only = NAME_ONLY.get(token.word)
      out.push(only && !token.kind ? { ...token, kind: only, english: true } : token)
    }
  }
  return out
}

/** One word (or a run of Chinese and Japanese characters, cut where a known form sits). */
function wordTokens(word: string, at: number): Token[] {
  if (!CJK_CHAR.test(word)) {
    const lower = word.toLowerCase()
    const form = FORMS.get(lower)
    return [{ word: lower, start: at, end: at + word.length, kind: form?.kind ?? null, english: form?.english ?? false, cjk: false }]
  }
  const out: Token[] = []
  for (let i = 0; i < word.length; ) {
    let found: { kind: Kind; form: string } | null = null
    for (const kind of Object.keys(CJK) as Kind[])
      for (const form of CJK[kind]) if (word.startsWith(form, i) && (!found || form.length > found.form.length)) found = { kind, form }
    const length = found ? found.form.length : 1
    out.push({ word: word.slice(i, i + length), start: at + i, end: at + i + length, kind: found?.kind ?? null, english: false, cjk: true })
    i += length
  }
  return out
}

/** A text's words and commas, in order, with offsets in the text. */
function textTokens(text: string, at: number): Token[] {
  const out: Token[] = []
  for (const m of text.matchAll(/[\p{L}\p{M}\p{N}'’]+|[,、，]/gu)) {
    if (/^[,、，]$/.test(m[0])) out.push({ word: ',', start: at + m.index, end: at + m.index + 1, kind: null, english: false, cjk: false })
    else out.push(...wordTokens(m[0].replace(/’/g, "'"), at + m.index))
  }
  return out
}

/** The description's first sentence (what the tool does; what follows is how to use it), with a second one when the first is only a heading. */
function leadSentence(text: string): string {
  const re = /[^.!?;\n。！？；]+/g
  let out = ''
  for (const m of text.matchAll(re)) {
    if (!m[0].trim()) continue
    out = text.slice(0, m.index + m[0].length)
    if (m[0].trim().split(/\s+/).length >= 3 || CJK_CHAR.test(m[0])) break
  }
  return out
}

/** Whether a Chinese or Japanese verb is negated or a participle: a character before it ('不删除', '已删除') or after it ('削除しない', '削除された'). */
function cjkDenied(t: Token, raw: string): boolean {
  const before = raw.slice(Math.max(0, t.start - 2), t.start)
  const after = raw.slice(t.end, t.end + 4)
  return /[不无未没非已]/.test(before) || /^(?:しない|せず|されない|しません|された|されて|済|した|できない)/.test(after)
}

/** Whether an English form stands where a verb stands: first, or after a subject, a joiner, an auxiliary or an adverb. */
function verbPlace(prev: Token | null): boolean {
  return !prev || VERB_BEFORE.has(prev.word) || prev.word === ',' || prev.word.endsWith('ly')
}

/**
 * The actions one run of tokens (a name, or a sentence) shows. A Japanese sentence ends with its
 * verb, so there the last verb leads: an action followed by a reading verb ('削除されたアイテムを取得') is its object.
 */
function actionsIn(tokens: Token[], raw: string, isName: boolean, computed: string[] = []): Token[] {
  const out: Token[] = []
  const japanese = KANA.test(raw)
  let seenRead = false
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (!t.kind) continue
    if (t.kind === 'read') {
      seenRead = true
      continue
    }
    const prev = i > 0 ? tokens[i - 1] : null
    if (t.cjk ? cjkDenied(t, raw) : [1, 2, 3].some((back) => i - back >= 0 && NEGATIONS.has(tokens[i - back].word))) continue
    if (!t.cjk && prev && NOUN_MARKERS.has(prev.word)) continue
    if (!isName && t.english && !verbPlace(prev)) continue
    if (japanese) {
      if (tokens.slice(i + 1).some((later) => later.kind === 'read')) continue
    } else if (seenRead && !(prev && JOINERS.has(prev.word) && tokens.slice(Math.max(0, i - 6), i - 1).some((near) => near.kind))) continue
    // 'Set up' an integration, 'create a buffer zone', 'close a connection': the object says nothing in the world changes.
    const next = tokens.slice(i + 1, i + 5).map((n) => n.word)
    if (t.word === 'set' && next[0] === 'up') continue
    if (t.kind === 'write' && next.some((word) => RESULT_NOUNS.has(word) || /^(?:connection|session)/.test(word))) {
      computed.push(t.word)
      continue
    }
    out.push(t)
  }
  // A name or title ending in 'status', 'reader', 'info' is about reading that thing.
  if (isName && tokens.length > 1 && READ_NOUNS.has(tokens[tokens.length - 1].word)) return []
  return out
}

/** A verb that needs its object: 'run' is exec only with a command or code, 'transfer' and 'send' are paying with money. */
function refine(t: Token, next: Token[], sentence: string, whole: string, codeParam: boolean, urlParam: boolean): Kind | null {
  const kind = t.kind as Kind
  if (kind === 'exec') {
    // A fixed program the tool runs is not running commands: it needs a parameter carrying them, or to say they are arbitrary.
    const object = CODE_WORDS.test(next.map((n) => n.word).join(' ')) || CODE_WORDS.test(sentence)
    return object && (codeParam || ARBITRARY.test(sentence) || /^(?:exec|eval|execute|evaluate)$/.test(t.word)) ? 'exec' : null
  }
  if (kind === 'open-world' && !/^(?:crawl|scrape)/.test(t.word) && !WEB_OBJECTS.test(sentence) && !urlParam) return null
  if ((t.word.startsWith('transfer') || t.word.startsWith('перев')) && MONEY_WORDS.test(whole)) return 'pay'
  if (kind === 'write' && next.slice(0, 3).some((n) => MONEY_NOUNS.has(n.word))) return 'pay'
  if (kind === 'send' && MONEY_WORDS.test(sentence) && !/e-?mails?|messages?/i.test(sentence)) return 'pay'
  return kind
}

/** Words that make a command or code the caller's own: 'any', 'arbitrary', 'shell'. */
const ARBITRARY = bounded(
  /(?:any|arbitrary|custom|given|provided|shell|terminal|bash|cualquier|arbitrario|n'importe quel|arbitraire|beliebige?n?|qualquer|arbitrário|qualsiasi|arbitrario|любой|любую|любые|произвольн\p{L}*)/u,
  /任意|任何|シェル|ターミナル/,
)

/** The top-level properties of an input schema, their names split into words. */
function parameters(schema: JsonValue | undefined): Array<{ name: string; words: string[]; description: string }> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return []
  const props = schema.properties
  if (!props || typeof props !== 'object' || Array.isArray(props)) return []
  return Object.entries(props).map(([name, child]) => ({
    name,
    words: nameTokens(name).map((t) => t.word),
    description:
      child && typeof child === 'object' && !Array.isArray(child) && typeof child.description === 'string' ? child.description : '',
  }))
}

const RANK: Record<string, number> = { name: 0, title: 1, 'annotations.title': 2, description: 3 }
const fieldRank = (field: string) => RANK[field] ?? 4

const RUNS = bounded(
  /(?:run|runs|execute|executes|exec|eval|evaluate|evaluates|ejecuta|exécute|executa|esegue|ausführen|führt)/u,
  /执行|运行|実行|выполн/,
)
const FETCHES = bounded(
  /(?:fetch|fetches|get|gets|open|opens|load|loads|request|requests|screenshot|visit|visits|scrape|scrapes|crawl|crawls|download|downloads|navigate|navigates)/u,
  /抓取|访问|取得|アクセス/,
)
/** What browsing, visiting or downloading reaches when it reaches the open world. */
const WEB_OBJECTS = bounded(
  /(?:urls?|links?|web|websites?|sites?|pages?|webpages?|internet|https?|página|páginas|sitio|seite|seiten|pagina|pagine|sito|страниц\p{L}*|сайт\p{L}*|интернет\p{L}*)/u,
  /网页|网站|网址|互联网|サイト|ページ|ウェブ/,
)
const MAIL = bounded(/(?:e-?mails?|sms|text messages?|correo|courriel|почт\p{L}*)/u, /邮件|短信|メール/)

/**
 * What a tool says it does: every action its name, titles, the first sentence of its description
 * and its parameters show, with where, and the first sign that it reads.
 *
 * @example readToolIntent({ name: 'delete_file', ... }).evidence[0] // { action: 'delete', field: 'name', words: 'delete', ... }
 */
export function readToolIntent(tool: SurfaceTool): ToolIntent {
  const evidence: ActionEvidence[] = []
  const seen = new Set<string>()
  const add = (e: ActionEvidence) => {
    const key = `${e.action}|${e.field}`
    if (seen.has(key)) return
    seen.add(key)
    evidence.push(e)
  }
  const description = tool.description ?? ''
  const lead = leadSentence(description)
  const whole = `${tool.name} ${tool.title ?? ''} ${tool.annotations?.title ?? ''} ${lead}`
  const params = parameters(tool.inputSchema)
  const codeParam = params.some((p) => EXEC_PARAMS.has(p.words[p.words.length - 1] ?? ''))
  const urlParam = params.some((p) => URL_PARAMS.has(p.words[p.words.length - 1] ?? '') && p.words[p.words.length - 1] !== 'uri')
  // A description that says the tool changes nothing ('read-only', 'dry run', 'does not modify') keeps its verbs from counting.
  const saysReadOnly = bounded(
    /(?:read[- ]only|dry[- ]run|no changes are made|without (?:making|applying) (?:any )?changes|does not (?:modify|change|write|delete))/u,
    /只读|読み取り専用/,
  ).test(lead)
  const texts: Array<{ field: string; text: string; isName: boolean }> = [
    { field: 'name', text: tool.name, isName: true },
    { field: 'title', text: tool.title ?? '', isName: true },
    { field: 'annotations.title', text: tool.annotations?.title ?? '', isName: true },
    { field: 'description', text: lead, isName: false },
  ]
  const found: Array<{ field: string; text: string; tokens: Token[]; actions: Token[] }> = []
  // Verbs the description uses for a computed result ('Adds two numbers'): the same verb naming the tool ('add') computes too.
  const computed: string[] = []
  for (const { field, text, isName } of [...texts].reverse()) {
    if (!text) continue
    const tokens = isName ? nameTokens(text) : textTokens(text, 0)
    const actions = (field === 'description' && saysReadOnly ? [] : actionsIn(tokens, text, isName, computed)).filter(
      (t) => !isName || !computed.some((word) => word.startsWith(t.word)),
    )
    found.unshift({ field, text, tokens, actions })
  }
  const firstRead = found.map(({ field, tokens }) => ({ field, t: tokens.find((t) => t.kind) })).find(({ t }) => t?.kind === 'read')
  // A name whose action word is not its first word ('extension_cli_install') says less than a title or description that leads with reading.
  const proseReads = found.some(({ field, tokens }) => field !== 'name' && tokens.find((t) => t.kind)?.kind === 'read')
  // A name or title leading with reading ('get-sum') outweighs a description's verb of mere writing ('Adds two numbers').
  const namedReads = found.some(({ field, tokens }) => field !== 'description' && STRONG_READ.has(tokens.find((t) => t.kind)?.word ?? ''))
  for (const { field, text, tokens, actions } of found) {
    for (const t of actions) {
      if (field === 'name' && proseReads && t !== tokens[0]) continue
      if (field === 'description' && namedReads && t.kind === 'write') continue
      const index = tokens.indexOf(t)
      const kind = refine(t, tokens.slice(index + 1, index + 5), text, whole, codeParam, urlParam)
      if (kind && kind !== 'read') add({ action: kind, field, start: t.start, end: t.end, words: text.slice(t.start, t.end) })
    }
    if (field === 'description' && !saysReadOnly) {
      const m = OPEN_WORLD_PHRASES.exec(text)
      if (m) add({ action: 'open-world', field, start: m.index, end: m.index + m[0].length, words: m[0] })
    }
  }
  const said = new Set(evidence.map((e) => e.action))
  const runs = RUNS.test(whole)
  const fetches = said.has('open-world') || FETCHES.test(whole)
  const names = params.map((p) => p.words)
  const hasContent = names.some((w) => CONTENT_PARAMS.has(w[w.length - 1] ?? ''))
  const nameReads = found[0]?.tokens.find((t) => t.kind)?.kind === 'read'
  for (const p of params) {
    const field = `inputSchema.properties.${p.name}`
    const last = p.words[p.words.length - 1] ?? ''
    const at = { field, start: 0, end: p.name.length, words: p.name }
    if (EXEC_PARAMS.has(last) || (MAYBE_CODE_PARAMS.has(last) && runs && p.words.length <= 2)) add({ action: 'exec', ...at })
    if (URL_PARAMS.has(last) && fetches && !(last === 'uri' && !said.has('open-world'))) add({ action: 'open-world', ...at })
    if (RECIPIENT_PARAMS.has(last) && hasContent && !nameReads) add({ action: 'send', ...at })
    if (
      AMOUNT_PARAMS.has(last) &&
      !nameReads &&
      names.some((w) => PAYEE_PARAMS.has(w[w.length - 1] ?? '')) &&
      MONEY_WORDS.test(`${whole} ${p.description} ${p.name}`)
    )
      add({ action: 'pay', ...at })
  }
  // Sending an email or a text reaches people outside.
  const mail = evidence.find((e) => e.action === 'send') && MAIL.test(`${whole} ${params.map((p) => p.name).join(' ')}`)
  if (mail) {
    const send = evidence.find((e) => e.action === 'send')!
    add({ ...send, action: 'open-world' })
  }
  evidence.sort((a, b) => fieldRank(a.field) - fieldRank(b.field))
  const reads = firstRead?.t ? { field: firstRead.field, start: firstRead.t.start, end: firstRead.t.end, words: firstRead.t.word } : null
  return { evidence, reads }
}

/** The hints a tool claims that its actions contradict: the claim, what contradicts it, and how serious. */
export interface HintContradiction {
  hint: 'readOnlyHint' | 'destructiveHint' | 'openWorldHint'
  claimed: boolean
  actions: ToolAction[]
  evidence: ActionEvidence[]
}

/** What readOnlyHint: true, destructiveHint: false and openWorldHint: false each deny. */
export const DENIED_BY: Record<HintContradiction['hint'], readonly ToolAction[]> = {
  readOnlyHint: ['delete', 'pay', 'exec', 'send', 'write'],
  destructiveHint: ['delete', 'exec'],
  openWorldHint: ['open-world'],
}

/** The actions that make a false read-only claim let a client skip asking before something it cannot undo. */
export const SKIPS_CONFIRMATION: readonly ToolAction[] = ['delete', 'pay', 'exec', 'send']

/** Every hint a tool claims that what it says it does contradicts (destructiveHint only when it does not claim read-only, where it means nothing). */
export function hintContradictions(tool: SurfaceTool, intent: ToolIntent = readToolIntent(tool)): HintContradiction[] {
  const a = tool.annotations
  if (!a) return []
  const out: HintContradiction[] = []
  const check = (hint: HintContradiction['hint'], claimed: boolean) => {
    const evidence = intent.evidence.filter((e) => DENIED_BY[hint].includes(e.action))
    if (evidence.length === 0) return
    const actions = [...new Set(evidence.map((e) => e.action))]
    out.push({ hint, claimed, actions, evidence })
  }
  if (a.readOnlyHint === true) check('readOnlyHint', true)
  else if (a.destructiveHint === false) check('destructiveHint', false)
  if (a.openWorldHint === false) check('openWorldHint', false)
  return out
}

/**
 * The reverse of a dishonest hint: a tool that only reads (a reading verb leads its name or
 * description, and nothing in it deletes, writes, sends, pays or runs anything) but is marked
 * destructiveHint: true or readOnlyHint: false, so clients ask before every call for nothing. One
 * line a maintainer can act on, or null.
 *
 * @example overcautiousHints({ name: 'get_user', annotations: { destructiveHint: true } }) // "get_user only reads (its name says 'get') but is marked destructiveHint: true; ..."
 */
export function overcautiousHints(tool: SurfaceTool): string | null {
  const a = tool.annotations
  if (!a || a.readOnlyHint === true || (a.destructiveHint !== true && a.readOnlyHint !== false)) return null
  const named = [...nameTokens(tool.name), ...nameTokens(tool.title ?? ''), ...nameTokens(a.title ?? '')]
  // Any word of an action in its name or title ('monitor_run', 'git_fetch' aside) leaves the hint to the maintainer's judgement.
  if (named.some((t) => t.kind && t.kind !== 'read')) return null
  const firstNamed = nameTokens(tool.name).find((t) => t.kind)
  const firstWord = textTokens(leadSentence(tool.description ?? ''), 0).find((t) => t.word !== ',')
  const lead = firstNamed?.kind === 'read' && STRONG_READ.has(firstNamed.word) ? { where: 'its name', t: firstNamed } : null
  const said = lead ?? (firstWord?.kind === 'read' && STRONG_READ.has(firstWord.word) ? { where: 'its description', t: firstWord } : null)
  if (!said) return null
  if (readToolIntent(tool).evidence.some((e) => e.action !== 'open-world')) return null
  const marked = [a.readOnlyHint === false ? 'readOnlyHint: false' : null, a.destructiveHint === true ? 'destructiveHint: true' : null]
    .filter(Boolean)
    .join(' and ')
  return `${tool.name} only reads (${said.where} says '${said.t.word}') but is marked ${marked}; set readOnlyHint: true${a.destructiveHint === true ? ' and drop destructiveHint' : ''} so clients do not ask before every call.`
}

/** Reading verbs that say nothing else happens (not 'generate', 'validate', 'monitor', which may store or start something). */
const STRONG_READ = new Set(
  `get gets list lists read reads search searches find finds query queries fetch fetches show shows view views describe describes
   retrieve retrieves lookup inspect inspects count counts preview previews explain explains
   leer lee obtener obtiene listar lista buscar busca consultar consulta mostrar muestra ver recuperar recupera
   lire lit obtenir obtient lister liste rechercher recherche chercher cherche afficher affiche récupérer récupère consulter
   lesen liest abrufen ruft auflisten listet suchen sucht anzeigen zeigt holen holt
   ler lê obter obtém pesquisar pesquisa mostra visualizar leggere legge ottenere ottiene elencare elenca cercare cerca mostrare recuperare
   прочитать читает получить получает показать показывает найти ищет перечислить просмотреть
   读取 获取 查询 列出 搜索 查看 查找 显示 読み取 読み込 取得 一覧 検索 表示 参照`.split(/\s+/),
)
