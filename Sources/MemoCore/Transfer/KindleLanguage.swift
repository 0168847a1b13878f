/// The words one Kindle UI language writes into "My Clippings.txt". Data only: the parser reads
/// every table at once (a file may mix languages when the reader switched), so adding a
/// language is adding a table to `all`.
///
/// Where the formats come from: the headers and dates that readers paste into the issue trackers
/// of other clippings tools, and those tools' public test fixtures (see the README's Kindle
/// section). Words are matched without regard to case.
public struct KindleLanguage: Sendable {
  public var name: String
  /// The words naming a highlight ("Highlight", "Markierung"); also the article clips and the
  /// underlines/circles of newer firmware, which carry text as a highlight does.
  public var highlight: [String]
  public var note: [String]
  public var bookmark: [String]
  /// The word beside a page number: after it ("page 12") or before it ("12ページ", "第 7 页").
  public var page: [String]
  /// The word before a location ("Location 123-125", "Loc. 1034-35", "位置 #114-116").
  public var location: [String]
  /// What opens the date: "Added on", "Hinzugefügt am", "作成日".
  public var added: [String]
  /// January first; each month with every form a date uses (nominative, genitive). Empty for
  /// the languages that write the month as a number ("2023年1月1日").
  public var months: [[String]]
  /// Monday first.
  public var weekdays: [String]
  public var am: [String]
  public var pm: [String]
  /// A word of the clipping-limit placeholder ("<You have reached the clipping limit for this
  /// item>"), which takes the place of a highlight's text.
  public var limit: [String]
  /// Time zones by the names a Kindle 3/Keyboard writes after the clock ("Greenwich Mean
  /// Time", "British Summer Time": Java's long names), as minutes east of UTC.
  public var zones: [String: Int] = [:]

  public static let english = KindleLanguage(
    name: "English",
    highlight: ["Highlight", "Clip This Article", "Underline", "Circle", "Asterisk"],
    note: ["Note"], bookmark: ["Bookmark"],
    page: ["page"], location: ["Location", "Loc."],
    added: ["Added on"],
    months: [
      ["January"], ["February"], ["March"], ["April"], ["May"], ["June"], ["July"], ["August"],
      ["September"], ["October"], ["November"], ["December"],
    ],
    weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    am: ["AM", "a.m."], pm: ["PM", "p.m."],
    limit: ["clipping limit"],
    zones: [
      "Greenwich Mean Time": 0, "Coordinated Universal Time": 0, "British Summer Time": 60,
      "Irish Summer Time": 60, "Western European Time": 0, "Western European Summer Time": 60,
      "Central European Time": 60, "Central European Summer Time": 120,
      "Eastern European Time": 120, "Eastern European Summer Time": 180,
      "Eastern Standard Time": -300, "Eastern Daylight Time": -240,
      "Central Standard Time": -360, "Central Daylight Time": -300,
      "Mountain Standard Time": -420, "Mountain Daylight Time": -360,
      "Pacific Standard Time": -480, "Pacific Daylight Time": -420,
      "Alaska Standard Time": -540, "Alaska Daylight Time": -480, "Hawaii Standard Time": -600,
      "Atlantic Standard Time": -240, "Atlantic Daylight Time": -180,
      "Newfoundland Standard Time": -210, "Newfoundland Daylight Time": -150,
      "Brasilia Time": -180, "Brasilia Summer Time": -120, "Argentine Time": -180,
      "India Standard Time": 330, "China Standard Time": 480, "Hong Kong Time": 480,
      "Singapore Time": 480, "Japan Standard Time": 540, "Korea Standard Time": 540,
      // Australia: Java named its zones "Eastern Standard Time (New South Wales)", newer
      // ones "Australian Eastern Standard Time"; the longer name is matched first.
      "Eastern Standard Time (": 600, "Eastern Summer Time (": 660,
      "Central Standard Time (": 570, "Central Summer Time (": 630,
      "Western Standard Time (Australia)": 480, "Australian Eastern Standard Time": 600,
      "Australian Eastern Daylight Time": 660, "Australian Central Standard Time": 570,
      "Australian Central Daylight Time": 630, "Australian Western Standard Time": 480,
      "New Zealand Standard Time": 720, "New Zealand Daylight Time": 780,
    ])

  public static let german = KindleLanguage(
    name: "German",
    highlight: ["Markierung", "Artikel"], note: ["Notiz"], bookmark: ["Lesezeichen"],
    page: ["Seite"], location: ["Position", "Pos."],
    added: ["Hinzugefügt am"],
    months: [
      ["Januar", "Jänner"], ["Februar"], ["März"], ["April"], ["Mai"], ["Juni"], ["Juli"],
      ["August"], ["September"], ["Oktober"], ["November"], ["Dezember"],
    ],
    weekdays: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
    am: ["vorm."], pm: ["nachm."],
    limit: ["Limit", "Höchstgrenze", "Grenze", "maximale Anzahl", "Clipboard-Einträg"])

  public static let french = KindleLanguage(
    name: "French",
    highlight: ["surlignement", "extrait"], note: ["note"], bookmark: ["signet"],
    page: ["page"], location: ["emplacement"],
    added: ["Ajouté le"],
    months: [
      ["janvier"], ["février"], ["mars"], ["avril"], ["mai"], ["juin"], ["juillet"], ["août"],
      ["septembre"], ["octobre"], ["novembre"], ["décembre"],
    ],
    weekdays: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    am: [], pm: [],
    limit: ["limite"])

  public static let spanish = KindleLanguage(
    name: "Spanish",
    highlight: ["subrayado", "resaltado", "artículo"], note: ["nota"], bookmark: ["marcador"],
    page: ["página"], location: ["posición"],
    added: ["Añadido el", "Agregado el"],
    months: [
      ["enero"], ["febrero"], ["marzo"], ["abril"], ["mayo"], ["junio"], ["julio"], ["agosto"],
      ["septiembre", "setiembre"], ["octubre"], ["noviembre"], ["diciembre"],
    ],
    weekdays: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
    am: ["a. m.", "a.m."], pm: ["p. m.", "p.m."],
    limit: ["límite"])

  public static let italian = KindleLanguage(
    name: "Italian",
    highlight: ["evidenziazione", "ritaglio", "articolo"], note: ["nota"],
    bookmark: ["segnalibro"],
    page: ["pagina"], location: ["posizione"],
    added: ["Aggiunto in data", "Aggiunto il"],
    months: [
      ["gennaio"], ["febbraio"], ["marzo"], ["aprile"], ["maggio"], ["giugno"], ["luglio"],
      ["agosto"], ["settembre"], ["ottobre"], ["novembre"], ["dicembre"],
    ],
    weekdays: ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"],
    am: [], pm: [],
    limit: ["limite"])

  /// Brazil: "Seu destaque na página 12 | posição 123-125 | Adicionado: …" (some firmware
  /// writes "ou posição" for "na posição").
  public static let portugueseBrazil = KindleLanguage(
    name: "Portuguese (Brazil)",
    highlight: ["destaque", "artigo"], note: ["nota", "anotação"], bookmark: ["marcador"],
    page: ["página"], location: ["posição"],
    added: ["Adicionado:", "Adicionado em"],
    months: portugueseMonths,
    weekdays: [
      "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado",
      "domingo",
    ],
    am: [], pm: [],
    limit: ["limite"])

  /// Portugal: "O seu destaque na página 12 | Localização 123-125 | Adicionado a …".
  public static let portuguesePortugal = KindleLanguage(
    name: "Portuguese (Portugal)",
    highlight: ["destaque", "realce"], note: ["nota"], bookmark: ["marcador"],
    page: ["página"], location: ["localização", "posição"],
    added: ["Adicionado a", "Adicionado em", "Adicionado:"],
    months: portugueseMonths,
    weekdays: [
      "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado",
      "domingo",
    ],
    am: [], pm: [],
    limit: ["limite"])

  static let portugueseMonths = [
    ["janeiro"], ["fevereiro"], ["março"], ["abril"], ["maio"], ["junho"], ["julho"], ["agosto"],
    ["setembro"], ["outubro"], ["novembro"], ["dezembro"],
  ]

  /// Dutch writes ranges as "55 t/m 88" on some firmware.
  public static let dutch = KindleLanguage(
    name: "Dutch",
    highlight: ["markering", "highlight", "knipsel"], note: ["notitie"], bookmark: ["bladwijzer"],
    page: ["pagina"], location: ["locatie"],
    added: ["Toegevoegd op"],
    months: [
      ["januari"], ["februari"], ["maart"], ["april"], ["mei"], ["juni"], ["juli"],
      ["augustus"], ["september"], ["oktober"], ["november"], ["december"],
    ],
    weekdays: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
    am: [], pm: [],
    limit: ["limiet", "maximale aantal", "maximum aantal"])

  public static let japanese = KindleLanguage(
    name: "Japanese",
    highlight: ["ハイライト", "クリップ"], note: ["メモ"], bookmark: ["ブックマーク"],
    page: ["ページ"], location: ["位置No.", "位置"],
    added: ["作成日", "追加日"],
    months: [],
    weekdays: ["月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日"],
    am: ["午前"], pm: ["午後"],
    limit: ["上限", "制限"])

  public static let chineseSimplified = KindleLanguage(
    name: "Chinese (simplified)",
    highlight: ["标注", "标记", "剪贴", "文章剪切"], note: ["笔记"], bookmark: ["书签"],
    page: ["页"], location: ["位置"],
    added: ["添加于"],
    months: [],
    weekdays: ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"],
    am: ["上午", "凌晨", "早上"], pm: ["下午", "中午", "晚上"],
    limit: ["上限", "限制"])

  public static let chineseTraditional = KindleLanguage(
    name: "Chinese (traditional)",
    highlight: ["標註", "畫線", "劃線", "標示", "標記", "螢光標記"], note: ["筆記", "附註"],
    bookmark: ["書籤"],
    page: ["頁"], location: ["位置"],
    added: ["新增於", "加入於", "添加於", "新增日期", "加入日期"],
    months: [],
    weekdays: ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"],
    am: ["上午"], pm: ["下午"],
    limit: ["上限", "限制"])

  /// Russian opens the header with an en dash and writes ranges with one ("900–930").
  public static let russian = KindleLanguage(
    name: "Russian",
    highlight: ["выделенный отрывок", "выделение", "вырезка"], note: ["заметка"],
    bookmark: ["закладка"],
    page: ["странице", "страница", "стр."],
    location: ["местоположение", "месте", "место", "позиции", "позиция"],
    added: ["Добавлено:", "Добавлено"],
    months: [
      ["января", "январь"], ["февраля", "февраль"], ["марта", "март"], ["апреля", "апрель"],
      ["мая", "май"], ["июня", "июнь"], ["июля", "июль"], ["августа", "август"],
      ["сентября", "сентябрь"], ["октября", "октябрь"], ["ноября", "ноябрь"],
      ["декабря", "декабрь"],
    ],
    weekdays: ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
    am: [], pm: [],
    limit: ["лимит", "предел", "ограничени"])

  public static let korean = KindleLanguage(
    name: "Korean",
    highlight: ["하이라이트", "클립"], note: ["메모"], bookmark: ["북마크"],
    page: ["페이지"], location: ["위치"],
    added: ["추가된 날짜", "추가한 날짜", "추가 날짜", "추가됨", "작성일"],
    months: [],
    weekdays: ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"],
    am: ["오전"], pm: ["오후"],
    limit: ["한도", "제한"])

  /// Every language the parser reads, in the order their words are tried.
  public static let all: [KindleLanguage] = [
    english, german, french, spanish, italian, portugueseBrazil, portuguesePortugal, dutch,
    japanese, chineseSimplified, chineseTraditional, russian, korean,
  ]
}
