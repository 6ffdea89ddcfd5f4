export default {
  id: 52,
  name: 'org_member_relations',
  // 2.3's orgs/org-memeber-relation/ (its spelling): the org ↔ user ↔ role rows as a relation list, with
  // the names 2.3 annotates. 51 is left to the replay-objects migration being written beside this one.
  sql: `
      CREATE VIEW org_member_relations AS
        SELECT m.id, m.org_id AS org, m.user_id AS user, m.role, o.name AS org_display,
          u.name || '(' || u.username || ')' AS user_display
        FROM org_members m JOIN orgs o ON o.id = m.org_id JOIN users u ON u.id = m.user_id;
      CREATE TRIGGER org_member_relations_delete INSTEAD OF DELETE ON org_member_relations
        BEGIN DELETE FROM org_members WHERE id = OLD.id; END;
    `,
};
