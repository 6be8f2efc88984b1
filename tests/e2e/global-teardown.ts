import { reportAxe } from './axe';
import { reportBooks } from './books';
import { CSS_ORDER_RUN } from './env';

export default async function globalTeardown(): Promise<void> {
  // The CSS order check audits nothing with axe nor moves money: the browser tests' reports stay as they were.
  if (CSS_ORDER_RUN) return;
  reportAxe();
  await reportBooks();
}
