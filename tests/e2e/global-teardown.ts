import { reportAxe } from './axe';
import { CSS_ORDER_RUN } from './env';

export default function globalTeardown(): void {
  // The CSS order check audits nothing with axe: the browser tests' report stays as it was.
  if (!CSS_ORDER_RUN) reportAxe();
}
