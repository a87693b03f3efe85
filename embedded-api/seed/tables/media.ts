// The video feed and the home page's promotions.
import { DEMO_REFERENCE_TIME, VIDEO_IMAGE_COUNT } from "../../demo-constants";
import { DAY, isoAt, type DemoCatalogue } from "../demo-catalogue";
import type { SeededRandom } from "../random";
import { youtubeId } from "./episodes";

export function generateMedia(random: SeededRandom, catalogue: DemoCatalogue): void {
  const origins = [
    {
      id: random.uuid(),
      title: "АниЛибрия — анонсы и трейлеры",
      url: "https://www.youtube.com/playlist?list=PLdemoAnnouncements",
      type: "YOUTUBE_PLAYLIST",
      is_announce: 1,
    },
    {
      id: random.uuid(),
      title: "За кадром: как мы озвучиваем",
      url: "https://www.youtube.com/playlist?list=PLdemoBackstage",
      type: "YOUTUBE_PLAYLIST",
      is_announce: 0,
    },
  ];
  catalogue.videoOrigins.push(...origins);
  const videoTitles = [
    "Трейлер осеннего сезона",
    "Как проходит запись озвучки",
    "Топ-10 онгоингов недели",
    "Интервью с командой тайминга",
    "Анонс новых релизов",
    "Итоги года: любимые сериалы зрителей",
    "Разбор опенинга: кто это спел?",
    "Стрим с командой: отвечаем на вопросы",
    "Трейлер зимнего сезона",
    "Лучшие моменты летнего сезона",
    "Как стать частью команды",
    "Закулисье: один день из жизни релизёра",
  ];
  videoTitles.forEach((title, index) => {
    const origin = origins[index % 2 === 0 ? 0 : 1]!;
    const created = DEMO_REFERENCE_TIME - index * 9 * DAY - random.int(0, 5) * DAY;
    catalogue.videos.push({
      id: index + 1,
      origin_id: origin.id,
      title,
      video_id: youtubeId(random),
      views: random.int(2_000, 400_000),
      comments: random.int(10, 3_000),
      image_index: (index % VIDEO_IMAGE_COUNT) + 1,
      is_announce: origin.is_announce,
      created_at: isoAt(created),
      updated_at: isoAt(created + DAY),
    });
  });
  const popular = [...catalogue.releases]
    .filter((release) => release.is_ongoing)
    .sort((a, b) => b.added_in_users_favorites - a.added_in_users_favorites)
    .slice(0, 2);
  popular.forEach((release, index) =>
    catalogue.promotions.push({
      id: random.uuid(),
      title: release.name_main,
      description: "Новый сезон уже в озвучке АниЛибрии — смотрите первыми.",
      url: `/anime/releases/release/${release.alias}`,
      url_label: "Смотреть",
      image_index: release.poster_index,
      release_id: release.id,
      is_ad: 0,
      ad_erid: null,
      ad_origin: null,
      has_overlay: 1,
      sort_order: index + 1,
    }),
  );
  catalogue.promotions.push(
    {
      id: random.uuid(),
      title: "Поддержите АниЛибрию",
      description: "Проект живёт на пожертвования зрителей. Каждый рубль — это новая серия.",
      url: "/support",
      url_label: "Поддержать",
      image_index: 5,
      release_id: null,
      is_ad: 0,
      ad_erid: null,
      ad_origin: null,
      has_overlay: 1,
      sort_order: 3,
    },
    {
      id: random.uuid(),
      title: "Магазин манги «Том второй»",
      description: "Скидка 15 % на первый заказ по промокоду LIBRIA.",
      url: "https://example.com/manga",
      url_label: "В магазин",
      image_index: 9,
      release_id: null,
      is_ad: 1,
      ad_erid: "2VtzqwDemoErid",
      ad_origin: "ООО «Том второй», ИНН 7700000000",
      has_overlay: 0,
      sort_order: 4,
    },
  );
}
