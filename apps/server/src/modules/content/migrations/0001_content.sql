-- Content: what traders read. Notices, announcements, futures (swap) notices, help entries and documents (terms,
-- privacy, white paper) are one kind of row told apart by category; their texts are stored per language. Home
-- banners and app versions likewise keep one text row per language. English is always present and is what a
-- missing translation falls back to.

CREATE TABLE content_articles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  category TEXT NOT NULL CHECK (category IN ('notice', 'announcement', 'help', 'document', 'swap')),
  -- Documents and help entries are linked by name (terms, privacy, whitepaper, how-to-deposit…).
  slug TEXT UNIQUE,
  pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
  published INTEGER NOT NULL CHECK (published IN (0, 1)),
  -- Set at the first publication and kept through later edits: it orders the lists and is the date users see.
  published_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX content_articles_list ON content_articles(category, published, pinned, published_at);

CREATE TABLE content_article_texts (
  article_id INTEGER NOT NULL REFERENCES content_articles(id) ON DELETE CASCADE,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'zh_CN', 'zh_HK', 'es', 'fr')),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (article_id, lang)
) WITHOUT ROWID;

CREATE TABLE content_banners (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  image TEXT NOT NULL,
  link TEXT,
  sort INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE content_banner_titles (
  banner_id INTEGER NOT NULL REFERENCES content_banners(id) ON DELETE CASCADE,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'zh_CN', 'zh_HK', 'es', 'fr')),
  title TEXT NOT NULL,
  PRIMARY KEY (banner_id, lang)
) WITHOUT ROWID;

-- Published app builds per platform; the one with the highest version code is the latest.
CREATE TABLE app_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  platform TEXT NOT NULL CHECK (platform IN ('h5', 'android', 'ios')),
  version TEXT NOT NULL,
  version_code INTEGER NOT NULL,
  url TEXT,
  force_update INTEGER NOT NULL DEFAULT 0 CHECK (force_update IN (0, 1)),
  released_at INTEGER NOT NULL,
  UNIQUE (platform, version_code)
);

CREATE TABLE app_version_notes (
  version_id INTEGER NOT NULL REFERENCES app_versions(id) ON DELETE CASCADE,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'zh_CN', 'zh_HK', 'es', 'fr')),
  notes TEXT NOT NULL,
  PRIMARY KEY (version_id, lang)
) WITHOUT ROWID;

-- Which demo content sets have been loaded, so a restart (or an operator who deleted a demo item) is left alone.
CREATE TABLE content_demo_seeds (
  key TEXT PRIMARY KEY,
  applied_at INTEGER NOT NULL
);
