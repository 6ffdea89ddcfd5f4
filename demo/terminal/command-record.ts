// One row of the command log as a terminal posts it (`POST terminal/commands/`, 2.3's fields).
export interface CommandRecord {
  user: string; asset: string; system_user: string; input: string; output: string;
  session: string; risk_level: 0 | 5; org_id: string; timestamp: number;
}
