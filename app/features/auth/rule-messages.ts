// The default Russian messages of form rules (docs/product.md#validation), one wording for every form on the site.
import { countOf } from "~/i18n/plural";

// "Не более" and "не менее" take the genitive: 1 символа, 3 символов, 21 символа.
const characters = { one: "символа", few: "символов", many: "символов" };

export const ruleMessages = {
  required: "Обязательное поле",
  email: "Введите корректный адрес e-mail",
  numeric: "Допустимы только цифры",
  integer: "Допустимы только целые числа",
  uppercase: "Допустимы только заглавные буквы",
  maxLength: (max: number) => `Не более ${countOf(max, characters)}`,
  minLength: (min: number) => `Не менее ${countOf(min, characters)}`,
  format: "Неверный формат",
  atLeastOne: "Выберите хотя бы одно значение",
} as const;
