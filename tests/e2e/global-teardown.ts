import { reportAxe } from './axe';

export default function globalTeardown(): void {
  reportAxe();
}
