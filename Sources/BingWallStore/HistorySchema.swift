/// The history database's schema, as an ordered list of migrations keyed on `user_version`.
///
/// Never edit a migration that has shipped; add one. Each runs in its own transaction.
enum HistorySchema {
  static let migrator = SQLiteMigrator([version1, version2, version3, version4, version5, version6, version7])

  /// Pictures (one per key and content), their appearances (one per market and local date),
  /// and every time one was applied.
  static let version1 = SQLiteMigration.sql(
    """
    CREATE TABLE pictures (
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL,
      sha256 TEXT NOT NULL,
      path TEXT NOT NULL UNIQUE,
      resolution TEXT NOT NULL,
      width INTEGER NOT NULL CHECK (width > 0),
      height INTEGER NOT NULL CHECK (height > 0),
      bytes INTEGER NOT NULL CHECK (bytes > 0),
      favorite INTEGER NOT NULL DEFAULT 0,
      banned INTEGER NOT NULL DEFAULT 0,
      added_at TEXT NOT NULL,
      UNIQUE (key, sha256)
    );
    CREATE INDEX pictures_by_key ON pictures (key);

    CREATE TABLE appearances (
      id INTEGER PRIMARY KEY,
      picture_id INTEGER NOT NULL REFERENCES pictures (id) ON DELETE CASCADE,
      market TEXT NOT NULL,
      date TEXT NOT NULL,
      served_market TEXT,
      bing_id TEXT NOT NULL,
      title TEXT NOT NULL,
      caption TEXT NOT NULL,
      credit TEXT NOT NULL,
      copyright TEXT NOT NULL,
      copyright_link TEXT NOT NULL,
      urlbase TEXT NOT NULL,
      hsh TEXT NOT NULL,
      wp INTEGER NOT NULL,
      fullstartdate TEXT NOT NULL,
      first_seen TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      -- 1 when Bing later showed another picture for this market and day: kept, so the older
      -- picture keeps its metadata, but no longer what that day means.
      superseded INTEGER NOT NULL DEFAULT 0,
      UNIQUE (market, date, picture_id)
    );
    CREATE INDEX appearances_by_picture ON appearances (picture_id);
    CREATE INDEX appearances_by_date ON appearances (date DESC);

    CREATE TABLE applies (
      id INTEGER PRIMARY KEY,
      picture_id INTEGER NOT NULL REFERENCES pictures (id) ON DELETE CASCADE,
      applied_at TEXT NOT NULL,
      backend TEXT NOT NULL,
      reason TEXT NOT NULL
    );
    CREATE INDEX applies_by_picture ON applies (picture_id);
    """)

  /// Full-text search over every appearance's title, caption and credit (`search`), in two
  /// external-content FTS5 indexes over `appearances`, kept in step by triggers, so in the same
  /// transaction as every write, and filled here for histories that already exist.
  ///
  /// `words` (unicode61, diacritics removed) matches Latin, Greek and Cyrillic words regardless of
  /// case and accents (`vatnajokull` finds Vatnajökull); `trigrams` matches any three characters
  /// in a row, which is how Chinese and Japanese, written without spaces, are found. Shorter CJK
  /// queries are a LIKE over `appearances` itself (see `HistoryStore.search`).
  static let version2 = SQLiteMigration.sql(
    """
    \(fullTextIndexes(of: "appearances", columns: ["title", "caption", "credit"]))

    INSERT INTO appearances_words (appearances_words) VALUES ('rebuild');
    INSERT INTO appearances_trigrams (appearances_trigrams) VALUES ('rebuild');
    """)

  /// The keys `prune` deleted, so `update` does not fetch again, on every run while Bing's window
  /// still lists it, a picture the retention policy has just removed. Storing the key again
  /// (`update --force`, `import`) takes it off the list.
  static let version3 = SQLiteMigration.sql(
    """
    CREATE TABLE pruned (
      key TEXT PRIMARY KEY,
      pruned_at TEXT NOT NULL
    ) WITHOUT ROWID;
    """)

  /// A picture's other renditions: Bing's portrait file of the same day (`_1080x1920`), for a
  /// screen turned on its side. The same picture, not another: it has no appearances, marks or
  /// applies of its own and goes with its picture. A row without a `path` records that Bing has
  /// no such rendition of the picture, so it is not asked for again.
  static let version4 = SQLiteMigration.sql(
    """
    CREATE TABLE renditions (
      picture_id INTEGER NOT NULL REFERENCES pictures (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('portrait')),
      path TEXT UNIQUE,
      sha256 TEXT,
      width INTEGER CHECK (width > 0),
      height INTEGER CHECK (height > 0),
      bytes INTEGER CHECK (bytes > 0),
      added_at TEXT NOT NULL,
      CHECK ((path IS NULL) = (sha256 IS NULL)),
      PRIMARY KEY (picture_id, kind)
    ) WITHOUT ROWID;
    """)

  /// Bing's longer text for a picture (`/hp/api/model`): headline, description, quick fact, for
  /// the market it was fetched for and the image id that matches an appearance's `bing_id`.
  /// Stored only for an appearance the history has, and gone with the last such appearance, so a
  /// story never outlives its picture (nor its id: a day Bing re-issues under a new id loses the
  /// old id's story). A row of empty texts records that Bing's model had nothing for that
  /// picture, so it is not asked again. Searched as the appearances are, in two FTS5 indexes.
  static let version5 = SQLiteMigration.sql(
    """
    CREATE TABLE stories (
      id INTEGER PRIMARY KEY,
      market TEXT NOT NULL,
      bing_id TEXT NOT NULL,
      date TEXT,
      headline TEXT NOT NULL,
      description TEXT NOT NULL,
      quick_fact TEXT NOT NULL,
      fetched_at TEXT NOT NULL,
      UNIQUE (market, bing_id)
    );

    \(fullTextIndexes(of: "stories", columns: ["headline", "description", "quick_fact"]))

    -- Stories join appearances by market and id: this keeps the join, the search and the
    -- triggers below off a scan of every appearance.
    CREATE INDEX appearances_by_market_id ON appearances (market, bing_id);

    CREATE TRIGGER appearances_story_moved AFTER UPDATE OF bing_id ON appearances
    WHEN old.bing_id != new.bing_id BEGIN
      DELETE FROM stories WHERE market = old.market AND bing_id = old.bing_id
        AND NOT EXISTS (SELECT 1 FROM appearances WHERE market = old.market AND bing_id = old.bing_id);
    END;
    CREATE TRIGGER appearances_story_gone AFTER DELETE ON appearances BEGIN
      DELETE FROM stories WHERE market = old.market AND bing_id = old.bing_id
        AND NOT EXISTS (SELECT 1 FROM appearances WHERE market = old.market AND bing_id = old.bing_id);
    END;
    """)

  /// Every picture and appearance names its source (`Source`'s raw value): the pictures of the
  /// day of Windows Spotlight, NASA APOD, Wikimedia Commons and NASA Earth Observatory join
  /// Bing's in one history. Every row a history already holds is Bing's, so the default says so
  /// and nothing is rewritten. A picture's `source` is the one whose id is its `key`; an
  /// appearance's, the source that showed it, which differs when two sources sent the same bytes.
  ///
  /// `licence` and `licence_link`: the terms a source states for the picture ("CC BY-SA 4.0");
  /// empty for Bing, whose pictures are for personal use. `description`: the source's longer
  /// text (APOD's explanation, Spotlight's description), plain.
  ///
  /// A source with no markets (APOD, Wikimedia, Earth Observatory) records its appearances with
  /// the market `''`: the day's slot is (source, market, date), which `record` keeps apart.
  static let version6 = SQLiteMigration.sql(
    """
    ALTER TABLE pictures ADD COLUMN source TEXT NOT NULL DEFAULT 'bing';
    ALTER TABLE appearances ADD COLUMN source TEXT NOT NULL DEFAULT 'bing';
    ALTER TABLE appearances ADD COLUMN licence TEXT NOT NULL DEFAULT '';
    ALTER TABLE appearances ADD COLUMN licence_link TEXT NOT NULL DEFAULT '';
    ALTER TABLE appearances ADD COLUMN description TEXT NOT NULL DEFAULT '';
    CREATE INDEX pictures_by_source_key ON pictures (source, key);
    CREATE INDEX appearances_by_source_date ON appearances (source, date DESC);
    """)

  /// The last successful fetch of each source but Bing, and the newest day it gave, so that an
  /// update asks a source only once it has published again (its plug-in's `nextFetch`), and `status` and
  /// `sources` can say when it was asked and when it will be next. Bing's schedule reads its
  /// markets' appearances instead.
  static let version7 = SQLiteMigration.sql(
    """
    CREATE TABLE source_fetches (
      source TEXT PRIMARY KEY,
      fetched_at TEXT NOT NULL,
      newest_day TEXT
    ) WITHOUT ROWID;
    """)

  /// Two external-content FTS5 indexes over `columns` of `table`, `<table>_words` and
  /// `<table>_trigrams` (see `version2` for why two), and the triggers that keep them in step
  /// with every insert, delete and change of those columns, in the same transaction as the write.
  /// Migrations 2 and 5 are made from it: it must never change, or a new history would differ
  /// from an old one. A later change of the indexes is a migration of its own.
  static func fullTextIndexes(of table: String, columns: [String]) -> String {
    let names = columns.joined(separator: ", ")
    let new = columns.map { "new.\($0)" }.joined(separator: ", ")
    let old = columns.map { "old.\($0)" }.joined(separator: ", ")
    let (words, trigrams) = (table + "_words", table + "_trigrams")
    let source = "content = '\(table)', content_rowid = 'id'"
    let (create, trigramLine) = ("CREATE VIRTUAL TABLE", "\(names), \(source), tokenize = 'trigram');")
    func add(_ index: String) -> String {
      "  INSERT INTO \(index) (rowid, \(names))\n    VALUES (new.id, \(new));"
    }
    func remove(_ index: String) -> String {
      "  INSERT INTO \(index) (\(index), rowid, \(names))\n    VALUES ('delete', old.id, \(old));"
    }
    return [
      "\(create) \(words) USING fts5(\n  \(names), \(source),\n  tokenize = 'unicode61 remove_diacritics 2');",
      "\(create) \(trigrams) USING fts5(\n  \(trigramLine)",
      "",
      "CREATE TRIGGER \(table)_indexed AFTER INSERT ON \(table) BEGIN",
      add(words), add(trigrams), "END;",
      "CREATE TRIGGER \(table)_unindexed AFTER DELETE ON \(table) BEGIN",
      remove(words), remove(trigrams), "END;",
      "CREATE TRIGGER \(table)_reindexed AFTER UPDATE OF \(names) ON \(table) BEGIN",
      remove(words), remove(trigrams), add(words), add(trigrams), "END;",
    ].joined(separator: "\n")
  }
}
