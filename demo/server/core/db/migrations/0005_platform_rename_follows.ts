export default {
  id: 5,
  name: 'platform_rename_follows',
  sql: `
      -- Assets name their platform: a renamed platform keeps its assets.
      CREATE TRIGGER platforms_rename AFTER UPDATE OF name ON platforms WHEN old.name != new.name BEGIN
        UPDATE assets SET platform = new.name WHERE platform = old.name;
      END;
      CREATE INDEX assets_platform ON assets (platform);
    `,
};
