// Release titles (Russian and English) and descriptions, composed from the vocabulary.
import type { SeededRandom } from "../random";
import {
  adjectives,
  becameRoles,
  closingSentences,
  everydayLives,
  goals,
  heroes,
  incitingEvents,
  nouns,
  origins,
  persons,
  pronouns,
  titleHeads,
} from "../vocabulary";

export interface Title {
  ru: string;
  en: string;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function composeTitle(random: SeededRandom): Title {
  const template = random.weighted([
    ["adjective-noun", 30],
    ["head-genitive", 35],
    ["person-origin", 18],
    ["became", 10],
    ["adjective-noun-subtitle", 7],
  ] as const);
  const adjective = random.pick(adjectives);
  const noun = random.pick(nouns);
  const agreed = noun.gender === "m" ? adjective.m : noun.gender === "f" ? adjective.f : adjective.n;
  const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
  switch (template) {
    case "adjective-noun":
      return { ru: capitalize(`${agreed} ${noun.nominative}`), en: `The ${adjective.en} ${noun.en}` };
    case "head-genitive": {
      const head = random.pick(titleHeads);
      // "Тайна тайного леса" repeats a root; such pairs fall back to the plain form.
      if (head.ru.toLowerCase().slice(0, 4) === adjective.m.slice(0, 4)) {
        return { ru: capitalize(`${agreed} ${noun.nominative}`), en: `The ${adjective.en} ${noun.en}` };
      }
      const genitiveAdjective = noun.gender === "f" ? adjective.genitiveF : adjective.genitiveM;
      return { ru: `${head.ru} ${genitiveAdjective} ${noun.genitive}`, en: `${head.en} ${adjective.en} ${noun.en}` };
    }
    case "person-origin": {
      const person = random.pick(persons);
      const origin = random.pick(origins);
      return { ru: `${person.ru} ${origin.ru}`, en: `${person.en} ${origin.en}` };
    }
    case "became":
      return random.pick(becameRoles);
    case "adjective-noun-subtitle": {
      const subtitle = random.pick([
        { ru: "Возрождение", en: "Rebirth" },
        { ru: "Путь домой", en: "The Way Home" },
        { ru: "Последняя глава", en: "The Final Chapter" },
        { ru: "Без права на ошибку", en: "No Room for Mistakes" },
      ]);
      return {
        ru: `${capitalize(`${agreed} ${noun.nominative}`)}: ${subtitle.ru}`,
        en: `The ${adjective.en} ${noun.en}: ${subtitle.en}`,
      };
    }
  }
}

export function composeDescription(random: SeededRandom): string {
  const hero = random.pick(heroes);
  const pronoun = pronouns[hero.gender];
  const closing = random
    .pick(closingSentences)
    .replace("{dative}", pronoun.dative)
    .replace("{Nominative}", pronoun.nominative.charAt(0).toUpperCase() + pronoun.nominative.slice(1))
    .replace("{genitive}", pronoun.genitive);
  return [
    `${hero.text} ${random.pick(everydayLives)}.`,
    `Всё меняется, когда ${random.pick(incitingEvents)}.`,
    `Теперь ${pronoun.dative} предстоит ${random.pick(goals)}.`,
    closing,
  ].join(" ");
}
