// Every migration, one line each, by number (../migrations.ts applies them in the order of their ids).
// To add one: a file `<next number>_<name>.ts` here (`export default { id, name, sql }`, the id its
// number) and its line at the end of this list. 18 and 19 were never used and stay unused: a database
// that has 20 and 21 would apply them after those, a fresh one before.
export { default as m0001 } from './0001_users_orgs_auth.ts';
export { default as m0002 } from './0002_users_groups_engine.ts';
export { default as m0003 } from './0003_assets_section.ts';
export { default as m0004 } from './0004_celery_tasks.ts';
export { default as m0005 } from './0005_platform_rename_follows.ts';
export { default as m0006 } from './0006_system_user_relations.ts';
export { default as m0007 } from './0007_task_owner_and_login_indexes.ts';
export { default as m0008 } from './0008_asset_permissions.ts';
export { default as m0009 } from './0009_favorite_assets_and_permission_relations.ts';
export { default as m0010 } from './0010_applications_and_app_permissions.ts';
export { default as m0011 } from './0011_asset_users_gathered_users_mfa.ts';
export { default as m0012 } from './0012_terminals_sessions_commands_storages.ts';
export { default as m0013 } from './0013_audits.ts';
export { default as m0014 } from './0014_session_activity.ts';
export { default as m0015 } from './0015_dashboard_indexes.ts';
export { default as m0016 } from './0016_login_flows.ts';
export { default as m0017 } from './0017_login_captcha.ts';
export { default as m0020 } from './0020_commands_short_search.ts';
export { default as m0021 } from './0021_command_counts.ts';
export { default as m0022 } from './0022_hashed_login_tokens.ts';
export { default as m0023 } from './0023_sealed_credentials.ts';
export { default as m0024 } from './0024_private_tokens_auth_book.ts';
export { default as m0025 } from './0025_tickets.ts';
export { default as m0030 } from './0030_ops_job_center.ts';
export { default as m0035 } from './0035_ftp_log_samples.ts';
export { default as m0040 } from './0040_portal_clients_oauth.ts';
export { default as m0045 } from './0045_connection_tokens_apps.ts';
export { default as m0046 } from './0046_session_samples.ts';
export { default as m0047 } from './0047_sample_indexes.ts';
export { default as m0048 } from './0048_door_sign_ins.ts';
export { default as m0049 } from './0049_ticket_confirmation.ts';
export { default as m0050 } from './0050_confirmed_logins.ts';
export { default as m0051 } from './0051_replay_objects.ts';
export { default as m0052 } from './0052_org_member_relations.ts';
export { default as m0053 } from './0053_terminal_storage.ts';
export { default as m0060 } from './0060_org_root_names.ts';
