// The routing table of /api/v1: every path of the OpenAPI document plus the web-only, settings and poll calls.
import { Router } from "./http/router";
import { catalogRoutes } from "./resources/catalog";
import { releaseRoutes } from "./resources/releases";
import { genreRoutes } from "./resources/genres";
import { franchiseRoutes } from "./resources/franchises";
import { scheduleRoutes } from "./resources/schedule";
import { torrentRoutes } from "./resources/torrents";
import { mediaRoutes } from "./resources/media";
import { teamRoutes } from "./resources/teams";
import { adRoutes } from "./resources/ads";
import { pollRoutes } from "./resources/polls";
import { authRoutes } from "./accounts/auth-routes";
import { otpRoutes } from "./accounts/otp-routes";
import { socialRoutes } from "./accounts/social-login";
import { sessionRoutes } from "./accounts/session-routes";
import { profileRoutes } from "./accounts/profile-routes";
import { settingsRoutes } from "./accounts/settings-routes";
import { avatarRoutes } from "./accounts/avatars";
import { socialLinkRoutes } from "./accounts/social-links";
import { favoriteRoutes } from "./lists/favorites";
import { collectionRoutes } from "./lists/collections";
import { timecodeRoutes } from "./lists/timecodes";
import { userViewRoutes } from "./lists/user-views";
import { appStatusRoutes } from "./resources/app-status";

export const apiRouter = new Router([
  ...catalogRoutes,
  ...releaseRoutes,
  ...genreRoutes,
  ...franchiseRoutes,
  ...scheduleRoutes,
  ...torrentRoutes,
  ...mediaRoutes,
  ...teamRoutes,
  ...adRoutes,
  ...pollRoutes,
  ...authRoutes,
  ...otpRoutes,
  ...socialRoutes,
  ...sessionRoutes,
  ...profileRoutes,
  ...settingsRoutes,
  ...avatarRoutes,
  ...socialLinkRoutes,
  ...favoriteRoutes,
  ...collectionRoutes,
  ...timecodeRoutes,
  ...userViewRoutes,
  ...appStatusRoutes,
]);
