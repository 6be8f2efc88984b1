import { resetAxeLog } from './axe';
import { CSS_ORDER_RUN, E2E_PORT, E2E_QR_CODE, E2E_QR_VIDEO } from './env';
import { writeQrVideo } from './qr-video';

export default async function globalSetup(): Promise<void> {
  // The CSS order check audits nothing with axe: the browser tests' audit log and report stay as they were.
  if (!CSS_ORDER_RUN) resetAxeLog();
  await writeQrVideo(`http://127.0.0.1:${E2E_PORT}/my/card?code=${E2E_QR_CODE}`, E2E_QR_VIDEO);
}
