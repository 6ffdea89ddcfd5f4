export interface StepResult {
  code: number;
  output: string;
  timedOut: boolean;
}
export function runStep(
  title: string,
  command: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<StepResult>;
