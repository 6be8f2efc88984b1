import { AppError } from '../../errors';

/**
 * How a command-line tool ends on an error: a refusal (AppError: the operator's input or the state of things) is told
 * to the operator as it is, exit code 1; anything else is a bug and is thrown, stack and all.
 */
export function refusalExitCode(e: unknown, err: (line: string) => void): 1 {
  if (!(e instanceof AppError)) throw e;
  err(e.message);
  return 1;
}
