// Numbered schema migrations of the embedded API database; applied in order, each exactly once.
import type { Db } from "./database";
import { migrateToLiveGenres } from "../seed/live-genres";

export interface Migration {
  version: number;
  name: string;
  sql?: string;
  /** A change of data that SQL alone cannot say (it needs the reference lists); runs after `sql`, in the same transaction. */
  apply?: (db: Db) => void;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "catalogue",
    sql: `
      CREATE TABLE genres (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        image_index INTEGER NOT NULL
      );
      CREATE TABLE sponsors (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        url_title TEXT NOT NULL,
        url TEXT NOT NULL,
        description TEXT NOT NULL
      );
      CREATE TABLE releases (
        id INTEGER PRIMARY KEY,
        alias TEXT NOT NULL UNIQUE,
        name_main TEXT NOT NULL,
        name_english TEXT NOT NULL,
        name_alternative TEXT,
        type TEXT NOT NULL,
        year INTEGER NOT NULL,
        season TEXT NOT NULL,
        age_rating TEXT NOT NULL,
        publish_day INTEGER NOT NULL,
        notification TEXT,
        episodes_total INTEGER,
        average_duration_of_episode INTEGER,
        is_ongoing INTEGER NOT NULL,
        is_in_production INTEGER NOT NULL,
        is_blocked_by_geo INTEGER NOT NULL,
        is_blocked_by_copyrights INTEGER NOT NULL,
        external_player TEXT,
        poster_index INTEGER NOT NULL,
        sponsor_id TEXT REFERENCES sponsors(id),
        -- Bit (id - 1) set for each genre of the release (ids 1–62): the genre filter without a join.
        genre_mask INTEGER NOT NULL DEFAULT 0,
        added_in_users_favorites INTEGER NOT NULL DEFAULT 0,
        added_in_planned_collection INTEGER NOT NULL DEFAULT 0,
        added_in_watched_collection INTEGER NOT NULL DEFAULT 0,
        added_in_watching_collection INTEGER NOT NULL DEFAULT 0,
        added_in_postponed_collection INTEGER NOT NULL DEFAULT 0,
        added_in_abandoned_collection INTEGER NOT NULL DEFAULT 0,
        fresh_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX releases_fresh_at ON releases (fresh_at DESC, id DESC);
      CREATE INDEX releases_rating ON releases (added_in_users_favorites DESC, id DESC);
      CREATE INDEX releases_year ON releases (year, fresh_at);
      CREATE INDEX releases_type_year ON releases (type, year);
      CREATE INDEX releases_schedule ON releases (is_ongoing, publish_day);
      -- Covers every catalogue filter and sorting column, so filtering never reads the wide rows.
      CREATE INDEX releases_filtering ON releases
        (type, year, season, age_rating, is_ongoing, is_in_production, genre_mask, added_in_users_favorites, fresh_at);
      -- Substring search over Russian and English titles (normalised: lower case, "ё" as "е").
      CREATE VIRTUAL TABLE release_search USING fts5(text, tokenize = 'trigram');
      -- Descriptions live apart so the releases rows stay narrow for filtering and sorting.
      CREATE TABLE release_descriptions (
        release_id INTEGER PRIMARY KEY REFERENCES releases(id) ON DELETE CASCADE,
        description TEXT NOT NULL
      );
      CREATE TABLE release_genres (
        release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
        genre_id INTEGER NOT NULL REFERENCES genres(id),
        PRIMARY KEY (release_id, genre_id)
      ) WITHOUT ROWID;
      CREATE INDEX release_genres_by_genre ON release_genres (genre_id, release_id);
      CREATE TABLE episodes (
        id TEXT PRIMARY KEY,
        release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
        ordinal REAL,
        sort_order INTEGER NOT NULL,
        name TEXT,
        name_english TEXT,
        has_hls INTEGER NOT NULL,
        rutube_id TEXT,
        youtube_id TEXT,
        duration INTEGER NOT NULL,
        opening_start INTEGER,
        opening_stop INTEGER,
        ending_start INTEGER,
        ending_stop INTEGER,
        preview_index INTEGER NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX episodes_by_release ON episodes (release_id, sort_order);
      CREATE TABLE torrents (
        id INTEGER PRIMARY KEY,
        release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
        hash TEXT NOT NULL UNIQUE,
        size INTEGER NOT NULL,
        piece_length INTEGER NOT NULL,
        type TEXT NOT NULL,
        color TEXT NOT NULL,
        codec TEXT NOT NULL,
        quality TEXT NOT NULL,
        label TEXT NOT NULL,
        filename TEXT NOT NULL,
        description TEXT NOT NULL,
        episodes_from INTEGER NOT NULL,
        episodes_to INTEGER NOT NULL,
        seeders INTEGER NOT NULL,
        leechers INTEGER NOT NULL,
        completed_times INTEGER NOT NULL,
        bitrate INTEGER NOT NULL,
        is_hardsub INTEGER NOT NULL,
        sort_order INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX torrents_by_release ON torrents (release_id, sort_order);
      CREATE INDEX torrents_by_date ON torrents (updated_at DESC, id DESC);
      CREATE TABLE team_roles (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        color TEXT NOT NULL,
        sort_order INTEGER NOT NULL
      );
      CREATE TABLE teams (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        sort_order INTEGER NOT NULL
      );
      CREATE TABLE team_users (
        id TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL UNIQUE,
        team_id TEXT NOT NULL REFERENCES teams(id),
        nickname TEXT NOT NULL,
        avatar_index INTEGER NOT NULL,
        is_intern INTEGER NOT NULL,
        is_vacation INTEGER NOT NULL,
        sort_order INTEGER NOT NULL
      );
      CREATE TABLE team_user_roles (
        team_user_id TEXT NOT NULL REFERENCES team_users(id),
        role_id TEXT NOT NULL REFERENCES team_roles(id),
        PRIMARY KEY (team_user_id, role_id)
      ) WITHOUT ROWID;
      CREATE TABLE release_members (
        id TEXT PRIMARY KEY,
        release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
        team_user_id TEXT REFERENCES team_users(id),
        role TEXT NOT NULL,
        nickname TEXT NOT NULL,
        sort_order INTEGER NOT NULL
      );
      CREATE INDEX release_members_by_release ON release_members (release_id, sort_order);
      CREATE TABLE franchises (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_english TEXT NOT NULL,
        poster_index INTEGER NOT NULL,
        rating REAL NOT NULL
      );
      CREATE TABLE franchise_releases (
        id TEXT PRIMARY KEY,
        franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
        release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
        sort_order INTEGER NOT NULL
      );
      CREATE INDEX franchise_releases_by_franchise ON franchise_releases (franchise_id, sort_order);
      CREATE INDEX franchise_releases_by_release ON franchise_releases (release_id);
      CREATE TABLE video_origins (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        url TEXT NOT NULL,
        type TEXT NOT NULL,
        is_announce INTEGER NOT NULL
      );
      CREATE TABLE videos (
        id INTEGER PRIMARY KEY,
        origin_id TEXT NOT NULL REFERENCES video_origins(id),
        title TEXT NOT NULL,
        video_id TEXT NOT NULL,
        views INTEGER NOT NULL,
        comments INTEGER NOT NULL,
        image_index INTEGER NOT NULL,
        is_announce INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE promotions (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        url TEXT NOT NULL,
        url_label TEXT NOT NULL,
        image_index INTEGER NOT NULL,
        release_id INTEGER REFERENCES releases(id),
        is_ad INTEGER NOT NULL,
        ad_erid TEXT,
        ad_origin TEXT,
        has_overlay INTEGER NOT NULL,
        sort_order INTEGER NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "accounts",
    sql: `
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        login TEXT NOT NULL UNIQUE COLLATE NOCASE,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        nickname TEXT,
        password_hash TEXT,
        email_verified_at TEXT,
        avatar_index INTEGER NOT NULL,
        is_banned INTEGER NOT NULL DEFAULT 0,
        torrent_passkey TEXT NOT NULL UNIQUE,
        torrents_uploaded INTEGER NOT NULL DEFAULT 0,
        torrents_downloaded INTEGER NOT NULL DEFAULT 0,
        is_with_video_ads INTEGER NOT NULL DEFAULT 1,
        is_with_video_ads_always INTEGER NOT NULL DEFAULT 0,
        is_with_content_ads INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL
      );
      CREATE TABLE user_social_identities (
        provider TEXT NOT NULL,
        provider_user_id TEXT NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        PRIMARY KEY (provider, provider_user_id)
      ) WITHOUT ROWID;
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        user_agent TEXT NOT NULL,
        ip_address TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT NOT NULL
      );
      CREATE INDEX sessions_by_user ON sessions (user_id, last_used_at DESC);
      CREATE TABLE account_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        expires_at TEXT NOT NULL,
        used_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX account_tokens_by_user ON account_tokens (user_id, purpose);
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body_text TEXT NOT NULL,
        link TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE otp_codes (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        device_id TEXT NOT NULL,
        user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        consumed_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX otp_codes_by_code ON otp_codes (code, expires_at);
      CREATE TABLE social_logins (
        state_hash TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        host TEXT NOT NULL,
        user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        consumed_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE device_fingerprints (
        fingerprint TEXT PRIMARY KEY,
        user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
        ip_address TEXT NOT NULL,
        first_seen_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: "user lists",
    sql: `
      CREATE TABLE favorites (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        PRIMARY KEY (user_id, release_id)
      ) WITHOUT ROWID;
      CREATE TABLE collections (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (user_id, release_id)
      ) WITHOUT ROWID;
      CREATE INDEX collections_by_type ON collections (user_id, type, created_at);
      CREATE TABLE timecodes (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
        time REAL NOT NULL,
        is_watched INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (user_id, episode_id)
      ) WITHOUT ROWID;
      CREATE INDEX timecodes_by_update ON timecodes (user_id, updated_at);
    `,
  },
  {
    version: 4,
    name: "account settings",
    sql: `
      -- "<version>.<ext>" of the user's uploaded avatar (bytes in user_avatars); NULL = the demo avatar.
      ALTER TABLE users ADD COLUMN avatar_upload TEXT;
      CREATE TABLE user_avatars (
        user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        content_type TEXT NOT NULL,
        data BLOB NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- A social state is either a sign-in ('login') or linking a provider to a signed-in user ('link').
      ALTER TABLE social_logins ADD COLUMN purpose TEXT NOT NULL DEFAULT 'login';
      ALTER TABLE social_logins ADD COLUMN identity TEXT;
      CREATE INDEX user_social_identities_by_user ON user_social_identities (user_id);
      CREATE TABLE notification_settings (
        user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        new_episodes INTEGER NOT NULL,
        collection_updates INTEGER NOT NULL,
        news INTEGER NOT NULL,
        security_alerts INTEGER NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: "word search",
    sql: `
      -- Title words and their stems (resources/word-search.ts fills it); "й" stays apart from "и".
      CREATE VIRTUAL TABLE release_words USING fts5(words, tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3');
    `,
  },
  {
    version: 6,
    name: "polls",
    sql: `
      -- The current poll is the latest one that has started (resources/polls.ts); ends_at NULL = open-ended.
      CREATE TABLE polls (
        id INTEGER PRIMARY KEY,
        question TEXT NOT NULL,
        starts_at TEXT NOT NULL,
        ends_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX polls_by_start ON polls (starts_at DESC, id DESC);
      CREATE TABLE poll_options (
        id INTEGER PRIMARY KEY,
        poll_id INTEGER NOT NULL REFERENCES polls(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        position INTEGER NOT NULL,
        UNIQUE (poll_id, id)
      );
      -- One vote per account and poll: the primary key refuses a second one.
      CREATE TABLE poll_votes (
        poll_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        option_id INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (poll_id, user_id),
        FOREIGN KEY (poll_id, option_id) REFERENCES poll_options (poll_id, id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      CREATE INDEX poll_votes_by_option ON poll_votes (option_id);
      -- The demo poll, here rather than in the seed so databases created before polls get it too.
      INSERT INTO polls (id, question, starts_at, ends_at, created_at)
        VALUES (1, 'Как вы чаще всего смотрите аниме?', '2025-01-01T00:00:00.000Z', NULL, '2025-01-01T00:00:00.000Z');
      INSERT INTO poll_options (id, poll_id, title, position) VALUES
        (1, 1, 'В русской озвучке', 1),
        (2, 1, 'С русскими субтитрами', 2),
        (3, 1, 'И так, и так — смотря какой тайтл', 3),
        (4, 1, 'В оригинале без перевода', 4);
    `,
  },
  {
    version: 7,
    name: "social stand-in browsers",
    sql: `
      -- Which browser first named a provider account on the social-login stand-in (dev-pages/browser-binding.ts):
      -- only that browser may sign in as it again. The hash of the stand-in's own cookie, never the cookie.
      CREATE TABLE dev_social_identity_browsers (
        provider TEXT NOT NULL,
        provider_user_id TEXT NOT NULL,
        browser_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (provider, provider_user_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 8,
    name: "live genres",
    // Databases seeded before the demo used the live genre list keep their releases' genres, under the live ids.
    apply: (db) => void migrateToLiveGenres(db),
  },
  {
    version: 9,
    name: "fleeting vowels in the word index",
    sql: `
      -- Titles are indexed again with their words' fleeting-vowel keys (decision 0282): indexTitleWords refills it.
      DELETE FROM release_words;
    `,
  },
];
