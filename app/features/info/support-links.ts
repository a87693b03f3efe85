// Where the project takes donations and posts news. Fixed public addresses, not configuration
// (docs/decisions/0064-team-rules-support.md).
export type SupportChannel = {
  id: "boosty" | "yoomoney" | "patreon" | "telegram";
  name: string;
  href: string;
  text: string;
  action: string;
};

export const SUPPORT_CHANNELS: readonly SupportChannel[] = [
  {
    id: "boosty",
    name: "Boosty",
    href: "https://boosty.to/anilibriatv",
    text: "Ежемесячная подписка из России: выберите уровень, который вам по силам. Подписчики первыми узнают о новых релизах и голосуют за будущие проекты.",
    action: "Оформить подписку",
  },
  {
    id: "yoomoney",
    name: "ЮMoney",
    href: "https://yoomoney.ru/to/anilibria",
    text: "Разовый перевод картой любого российского банка или из кошелька ЮMoney — без регистрации.",
    action: "Сделать перевод",
  },
  {
    id: "patreon",
    name: "Patreon",
    href: "https://www.patreon.com/anilibria",
    text: "Подписка для зрителей из других стран: оплата зарубежной картой или через PayPal.",
    action: "Стать патроном",
  },
  {
    id: "telegram",
    name: "Telegram",
    href: "https://t.me/anilibria",
    text: "Новости проекта, анонсы релизов и сборы на конкретные проекты. Расскажите о нас друзьям — это тоже помощь.",
    action: "Открыть канал",
  },
];
