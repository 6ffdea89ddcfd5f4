import { apiUrl } from '../../../core/http.ts';
import { lunaUrl } from '../../userviews/api.ts';

/**
 * The bastion's web terminal for one asset, as a full address: on the origin of the list's `api-base`
 * when it has one (the terminal signs in on the bastion's own origin), else on this page's.
 */
export const webTerminalUrl = (assetId: string): string => new URL(apiUrl(lunaUrl(assetId)), location.href).href;
