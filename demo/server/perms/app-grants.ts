// The application grant engine (§3): which remote, database and Kubernetes apps a user (directly or
// through their groups) or one group may use, and as which system users. The app analogue of
// ./grants.ts, with the same validity rule (active and inside [date_start, date_expired)) and the same
// scopes (one org, or every org for the "my" endpoints). Every app granted-resource endpoint is a thin
// call into this module; its statements live in ./app-grant-store.ts.
export {
  grantedAppIds,
  grantedAppsClause,
  grantedAppSystemUsers,
  type AppGrantScope,
  type GrantedAppSystemUser,
} from './app-grant-store.ts';
