export default {
  id: 20,
  name: 'commands_short_search',
  // `input` search of one or two characters (2.3: input__icontains) through the trigram index: it indexes
  // each command line followed by two line feeds (never part of a line: control characters are stored
  // as U+FFFD), so every character and pair of characters of a line starts one of its trigrams, and a
  // two-character term is the trigrams that start with it (listed from commands_fts_terms) instead of
  // a scan of the window (1,000,000 commands: 53 ms for a 5-day window → a few ms).
  sql: `
      DROP TRIGGER commands_fts_insert;
      DROP TRIGGER commands_fts_delete;
      DROP TABLE commands_fts;
      CREATE VIEW commands_fts_text AS SELECT seq, input || char(10, 10) AS input FROM commands;
      CREATE VIRTUAL TABLE commands_fts USING fts5(input, content='commands_fts_text', content_rowid='seq', tokenize='trigram');
      CREATE VIRTUAL TABLE commands_fts_terms USING fts5vocab(commands_fts, 'row');
      CREATE TRIGGER commands_fts_insert AFTER INSERT ON commands BEGIN
        INSERT INTO commands_fts (rowid, input) VALUES (new.seq, new.input || char(10, 10));
      END;
      CREATE TRIGGER commands_fts_delete AFTER DELETE ON commands BEGIN
        INSERT INTO commands_fts (commands_fts, rowid, input) VALUES ('delete', old.seq, old.input || char(10, 10));
      END;
      INSERT INTO commands_fts (commands_fts) VALUES ('rebuild');
    `,
};
