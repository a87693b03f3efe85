// Fixed facts of the demo data shared by the generator and the serializers.
export const DEMO_REFERENCE_TIME = Date.UTC(2026, 10, 20, 12, 0, 0);
export const POSTER_COUNT = 24;
export const EPISODE_PREVIEW_COUNT = 8;
export const AVATAR_COUNT = 8;
export const VIDEO_IMAGE_COUNT = 6;
/** Genre images in embedded-api/media/genres; the 35 genres share them in turn. */
export const GENRE_IMAGE_COUNT = 25;
/** Length of the committed HLS clip (embedded-api/media/video/demo), in seconds. */
export const DEMO_CLIP_SECONDS = 24;
export const DEMO_CLIP_PATH = "video/demo";
/**
 * The same clip as a live upstream serves it, with no seek-preview track beside it: the long-running show's episodes
 * point here, so the player's in-browser previews run against real HLS (docs/player.md).
 */
export const DEMO_CLIP_WITHOUT_PREVIEWS_PATH = "clip/demo";
export const DEMO_ACCOUNT = { login: "demo", email: "demo@anilibria.local", password: "demo-password" } as const;
/**
 * The demo's long-running show (docs/decisions/0205): as many episodes as the live API's longest, so pages
 * are measured and tested with a list in the thousand.
 */
export const LONG_RUNNING_RELEASE = { alias: "dolgoe-plavanie", episodes: 1150 } as const;
