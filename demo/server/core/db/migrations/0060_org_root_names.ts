export default {
  id: 60,
  name: 'org_root_names',
  // An org's root node is named after the org, as 2.3's create_org_root_node names it: every root was
  // 'Default', so Engineering's asset tree opened on "Default". Only roots still called 'Default' are
  // renamed (a root someone renamed keeps its name). 53-59 are left to the branches written beside this.
  sql: `
      UPDATE nodes SET value = (SELECT name FROM orgs WHERE orgs.id = nodes.org_id)
        WHERE parent_key = '' AND org_id != '' AND value = 'Default'
          AND EXISTS (SELECT 1 FROM orgs WHERE orgs.id = nodes.org_id);
    `,
};
