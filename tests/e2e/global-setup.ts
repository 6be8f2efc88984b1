import { resetAxeLog } from './axe';
import { E2E_PORT, E2E_QR_CODE, E2E_QR_VIDEO } from './env';
import { writeQrVideo } from './qr-video';

export default async function globalSetup(): Promise<void> {
  resetAxeLog();
  await writeQrVideo(`http://127.0.0.1:${E2E_PORT}/my/card?code=${E2E_QR_CODE}`, E2E_QR_VIDEO);
}
