import { resetAxeLog } from './axe';

export default function globalSetup(): void {
  resetAxeLog();
}
