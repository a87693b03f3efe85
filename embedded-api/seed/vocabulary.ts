// Russian and English word lists the demo catalogue composes its titles and descriptions from.
export type Gender = "m" | "f" | "n";

export interface Adjective {
  m: string;
  f: string;
  n: string;
  genitiveM: string;
  genitiveF: string;
  en: string;
}

type Declension = "hard" | "soft" | "stressed" | "velar" | "hushing";

const endings: Record<Declension, [string, string, string, string, string]> = {
  hard: ["ый", "ая", "ое", "ого", "ой"],
  soft: ["ий", "яя", "ее", "его", "ей"],
  stressed: ["ой", "ая", "ое", "ого", "ой"],
  velar: ["ий", "ая", "ое", "ого", "ой"],
  hushing: ["ий", "ая", "ее", "его", "ей"],
};

function adjective(stem: string, declension: Declension, en: string): Adjective {
  const [m, f, n, genitiveM, genitiveF] = endings[declension].map((ending) => stem + ending) as [string, string, string, string, string];
  return { m, f, n, genitiveM, genitiveF, en };
}

export const adjectives: readonly Adjective[] = [
  adjective("небесн", "hard", "Heavenly"),
  adjective("забыт", "hard", "Forgotten"),
  adjective("последн", "soft", "Last"),
  adjective("тёмн", "hard", "Dark"),
  adjective("ледян", "stressed", "Frozen"),
  adjective("стальн", "stressed", "Steel"),
  adjective("лунн", "hard", "Moonlit"),
  adjective("огненн", "hard", "Fiery"),
  adjective("тайн", "hard", "Secret"),
  adjective("проклят", "hard", "Cursed"),
  adjective("бесконечн", "hard", "Endless"),
  adjective("ал", "hard", "Crimson"),
  adjective("серебрян", "hard", "Silver"),
  adjective("звёздн", "hard", "Starry"),
  adjective("хрустальн", "hard", "Crystal"),
  adjective("далёк", "velar", "Distant"),
  adjective("безмолвн", "hard", "Silent"),
  adjective("весенн", "soft", "Vernal"),
  adjective("северн", "hard", "Northern"),
  adjective("потерянн", "hard", "Lost"),
  adjective("волшебн", "hard", "Enchanted"),
  adjective("железн", "hard", "Iron"),
  adjective("сияющ", "hushing", "Shining"),
  adjective("призрачн", "hard", "Phantom"),
  adjective("вечн", "hard", "Eternal"),
  adjective("дик", "velar", "Wild"),
  adjective("золот", "stressed", "Golden"),
  adjective("син", "soft", "Blue"),
  adjective("полуночн", "hard", "Midnight"),
  adjective("древн", "soft", "Ancient"),
  adjective("механическ", "velar", "Mechanical"),
  adjective("невидим", "hard", "Invisible"),
  adjective("грозов", "stressed", "Stormy"),
  adjective("мятежн", "hard", "Rebel"),
];

export interface Noun {
  nominative: string;
  genitive: string;
  gender: Gender;
  en: string;
}

const noun = (nominative: string, genitive: string, gender: Gender, en: string): Noun => ({
  nominative,
  genitive,
  gender,
  en,
});

export const nouns: readonly Noun[] = [
  noun("страж", "стража", "m", "Guardian"),
  noun("клинок", "клинка", "m", "Blade"),
  noun("город", "города", "m", "City"),
  noun("сад", "сада", "m", "Garden"),
  noun("замок", "замка", "m", "Castle"),
  noun("ветер", "ветра", "m", "Wind"),
  noun("остров", "острова", "m", "Island"),
  noun("орден", "ордена", "m", "Order"),
  noun("дракон", "дракона", "m", "Dragon"),
  noun("рыцарь", "рыцаря", "m", "Knight"),
  noun("легион", "легиона", "m", "Legion"),
  noun("лес", "леса", "m", "Forest"),
  noun("маяк", "маяка", "m", "Lighthouse"),
  noun("поезд", "поезда", "m", "Train"),
  noun("королевство", "королевства", "n", "Kingdom"),
  noun("небо", "неба", "n", "Sky"),
  noun("зеркало", "зеркала", "n", "Mirror"),
  noun("сердце", "сердца", "n", "Heart"),
  noun("море", "моря", "n", "Sea"),
  noun("обещание", "обещания", "n", "Promise"),
  noun("звезда", "звезды", "f", "Star"),
  noun("луна", "луны", "f", "Moon"),
  noun("академия", "академии", "f", "Academy"),
  noun("башня", "башни", "f", "Tower"),
  noun("песня", "песни", "f", "Song"),
  noun("империя", "империи", "f", "Empire"),
  noun("принцесса", "принцессы", "f", "Princess"),
  noun("ведьма", "ведьмы", "f", "Witch"),
  noun("буря", "бури", "f", "Storm"),
  noun("граница", "границы", "f", "Frontier"),
  noun("мечта", "мечты", "f", "Dream"),
  noun("тень", "тени", "f", "Shadow"),
  noun("школа", "школы", "f", "School"),
  noun("библиотека", "библиотеки", "f", "Library"),
  noun("планета", "планеты", "f", "Planet"),
];

/** Heads of "<head> <adjective> <noun in genitive>" titles, with their English pattern. */
export const titleHeads: readonly { ru: string; en: string }[] = [
  { ru: "Хроники", en: "Chronicles of the" },
  { ru: "Тайна", en: "The Secret of the" },
  { ru: "Сказание", en: "The Tale of the" },
  { ru: "Песнь", en: "The Song of the" },
  { ru: "Последний день", en: "The Last Day of the" },
  { ru: "Врата", en: "The Gates of the" },
  { ru: "Эхо", en: "Echoes of the" },
  { ru: "Дневник", en: "The Diary of the" },
  { ru: "Наследник", en: "Heir of the" },
  { ru: "Хранители", en: "Keepers of the" },
  { ru: "Осколки", en: "Shards of the" },
  { ru: "Пробуждение", en: "Awakening of the" },
];

export const persons: readonly { ru: string; en: string }[] = [
  { ru: "Девушка", en: "The Girl" },
  { ru: "Мальчик", en: "The Boy" },
  { ru: "Принц", en: "The Prince" },
  { ru: "Ведьма", en: "The Witch" },
  { ru: "Алхимик", en: "The Alchemist" },
  { ru: "Мечник", en: "The Swordsman" },
  { ru: "Повар", en: "The Cook" },
  { ru: "Целительница", en: "The Healer" },
  { ru: "Пилот", en: "The Pilot" },
  { ru: "Библиотекарь", en: "The Librarian" },
  { ru: "Кукла", en: "The Doll" },
  { ru: "Сыщица", en: "The Detective" },
];

export const origins: readonly { ru: string; en: string }[] = [
  { ru: "из далёкой деревни", en: "from a Distant Village" },
  { ru: "из соседнего класса", en: "from the Next Classroom" },
  { ru: "из другого мира", en: "from Another World" },
  { ru: "из старой пекарни", en: "from the Old Bakery" },
  { ru: "из подземного города", en: "from the Underground City" },
  { ru: "из лунного храма", en: "from the Moon Temple" },
  { ru: "из последнего вагона", en: "from the Last Carriage" },
  { ru: "из снежной долины", en: "from the Snowy Valley" },
  { ru: "из книжной лавки", en: "from the Bookshop" },
  { ru: "с окраины галактики", en: "from the Edge of the Galaxy" },
];

export const becameRoles: readonly { ru: string; en: string }[] = [
  { ru: "Как я стал героем в другом мире", en: "How I Became a Hero in Another World" },
  { ru: "Как я стал королём демонов", en: "How I Became the Demon Lord" },
  { ru: "Как я стал алхимиком при дворе", en: "How I Became the Court Alchemist" },
  { ru: "Как я стал поваром для драконов", en: "How I Became a Cook for Dragons" },
  { ru: "Как я стал главой гильдии", en: "How I Became the Guild Master" },
  { ru: "Как я стал старостой класса", en: "How I Became the Class President" },
  { ru: "Как я стала злодейкой отомэ-игры", en: "How I Became the Villainess of an Otome Game" },
  { ru: "Как я стала святой поневоле", en: "How I Became a Reluctant Saint" },
  { ru: "Как я стала хозяйкой волшебной лавки", en: "How I Became the Owner of a Magic Shop" },
];

/** Titles of later parts of a franchise; `parts` says which part (1 = the first sequel) may use it. */
export const sequelSuffixes: readonly { ru: string; en: string; parts: readonly number[]; type?: string }[] = [
  { ru: " 2", en: " 2", parts: [1] },
  { ru: ": Второй сезон", en: " Season 2", parts: [1] },
  { ru: ": Третий сезон", en: " Season 3", parts: [2] },
  { ru: ": Фильм", en: ": The Movie", parts: [1, 2, 3], type: "MOVIE" },
  { ru: ": Спецвыпуск", en: ": Special", parts: [1, 2, 3], type: "SPECIAL" },
  { ru: ": Финал", en: ": The Finale", parts: [2, 3] },
];

export interface Hero {
  text: string;
  gender: "m" | "f";
}

export const heroes: readonly Hero[] = [
  { text: "Юный алхимик Эдвард", gender: "m" },
  { text: "Школьница Юки Сакураба", gender: "f" },
  { text: "Бывший наёмник по прозвищу Ворон", gender: "m" },
  { text: "Начинающая ведьма Ария", gender: "f" },
  { text: "Застенчивый старшеклассник Харуто", gender: "m" },
  { text: "Принцесса павшего королевства Лиэль", gender: "f" },
  { text: "Молодой детектив Кэндзи Асо", gender: "m" },
  { text: "Пилот экспериментального меха Рэн", gender: "m" },
  { text: "Повариха портовой таверны Мио", gender: "f" },
  { text: "Студентка музыкальной академии Кана", gender: "f" },
  { text: "Скромный библиотекарь Итиро", gender: "m" },
  { text: "Девочка-андроид Нова", gender: "f" },
  { text: "Потомственный охотник на демонов Сё", gender: "m" },
  { text: "Капитан школьной волейбольной команды Нацуми", gender: "f" },
];

export const everydayLives: readonly string[] = [
  "живёт в маленьком портовом городке",
  "учится в элитной академии магии",
  "работает в круглосуточном кафе на окраине Токио",
  "служит в королевской гвардии",
  "скитается по выжженным пустошам",
  "ведёт тихую жизнь в горной деревне",
  "мечтает стать лучшим пилотом флота",
  "подрабатывает в старой книжной лавке",
  "каждое утро тренируется на заброшенном стадионе",
  "присматривает за храмом на вершине холма",
];

export const incitingEvents: readonly string[] = [
  "в городе появляется таинственный незнакомец",
  "на школьный двор падает светящийся метеорит",
  "древняя печать, сдерживавшая демонов, даёт трещину",
  "с неба спускается дракон, говорящий человеческим голосом",
  "загадочное письмо приглашает на турнир, о котором никто не слышал",
  "по всему королевству начинают исчезать люди",
  "в соседнюю квартиру въезжает очень странная семья",
  "старые часы на площади начинают идти в обратную сторону",
  "в заброшенном тоннеле находят вагон, которого нет ни в одном расписании",
];

export const goals: readonly string[] = [
  "раскрыть тайну собственного происхождения",
  "спасти близких от надвигающейся войны",
  "пройти испытания и не потерять себя",
  "найти пропавшую сестру",
  "выиграть национальный турнир",
  "вернуть украденную память",
  "защитить город от чудовищ, приходящих по ночам",
  "понять, кому можно доверять",
  "открыть собственное дело и не разориться в первый же месяц",
];

/** Closing sentences; {dative}, {nominative} and {genitive} are the hero's pronoun. */
export const closingSentences: readonly string[] = [
  "На этом пути {dative} встретятся верные друзья, опасные соперники и, возможно, первая любовь.",
  "Смешная, трогательная и местами пугающая история о взрослении и дружбе.",
  "Каждая серия приоткрывает новый слой мира, в котором ничто не является тем, чем кажется.",
  "{Nominative} ещё не знает, что от {genitive} решений зависит судьба целого мира.",
  "Экранизация популярной серии ранобэ, полюбившейся читателям по всему миру.",
  "Неторопливая и тёплая история, после которой хочется заварить чай и позвонить старым друзьям.",
];

export const pronouns = {
  m: { nominative: "он", dative: "ему", genitive: "его" },
  f: { nominative: "она", dative: "ей", genitive: "её" },
} as const;

/**
 * The live API's genres with their fixed ids (ids 1–34 and 36; there is no 35), in the order it lists them: by
 * Russian name, "ё" as "е". From its recorded answer to GET /anime/genres of 20 January 2025 (docs/upstream.md).
 */
export const liveGenres: readonly { id: number; name: string }[] = [
  { id: 15, name: "Боевые искусства" },
  { id: 24, name: "Вампиры" },
  { id: 32, name: "Гарем" },
  { id: 16, name: "Демоны" },
  { id: 25, name: "Детектив" },
  { id: 33, name: "Дзёсей" },
  { id: 8, name: "Драма" },
  { id: 17, name: "Игры" },
  { id: 34, name: "Исекай" },
  { id: 26, name: "Исторический" },
  { id: 30, name: "Киберпанк" },
  { id: 1, name: "Комедия" },
  { id: 18, name: "Магия" },
  { id: 2, name: "Меха" },
  { id: 9, name: "Мистика" },
  { id: 19, name: "Музыка" },
  { id: 36, name: "Пародия" },
  { id: 10, name: "Повседневность" },
  { id: 27, name: "Приключения" },
  { id: 3, name: "Психологическое" },
  { id: 11, name: "Романтика" },
  { id: 28, name: "Сверхъестественное" },
  { id: 20, name: "Сёдзе" },
  { id: 31, name: "Сёдзе-ай" },
  { id: 5, name: "Сейнен" },
  { id: 4, name: "Сёнен" },
  { id: 12, name: "Спорт" },
  { id: 21, name: "Супер сила" },
  { id: 6, name: "Триллер" },
  { id: 13, name: "Ужасы" },
  { id: 22, name: "Фантастика" },
  { id: 29, name: "Фэнтези" },
  { id: 7, name: "Школа" },
  { id: 14, name: "Экшен" },
  { id: 23, name: "Этти" },
];

export const releaseNotifications: readonly string[] = [
  "Серии выходят с задержкой: ждём японский оригинал.",
  "Озвучка новой серии появится в течение суток после выхода оригинала.",
  "Следующая серия выйдет через неделю из-за перерыва в показе в Японии.",
  "Релиз озвучивается новым составом команды — делитесь впечатлениями!",
];

export const teamNicknames: readonly string[] = [
  "Кирисима",
  "Silv",
  "Мирай",
  "Hekomi",
  "Lupin",
  "Сирена",
  "Anzen",
  "Тайфун",
  "Наоки",
  "Kari",
  "Шторм",
  "Miyuki",
  "Дарк Лисса",
  "Itsuki",
  "Фенрир",
  "Amaya",
  "Сэйрин",
  "Kuro",
  "Лаванда",
  "Ren'ya",
  "Хаку",
  "Zetsu",
  "Ориона",
  "Minato",
];
