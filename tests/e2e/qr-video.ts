import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const require = createRequire(import.meta.url);

/**
 * Writes a Y4M video showing one QR code holding `text`, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`): the scanner journey reads it as a phone camera would.
 */
export async function writeQrVideo(text: string, file: string): Promise<void> {
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } as never,
  });
  const { symbol, error } = await writeBarcode(text, { format: 'QRCode' } as never);
  if (error || !symbol) throw new Error(`QR code not written: ${error}`);
  const [W, H, scale] = [640, 480, 8];
  const left = Math.floor((W - symbol.width * scale) / 2);
  const top = Math.floor((H - symbol.height * scale) / 2);
  // Luma: dark modules black, everything else (quiet zone included) white; chroma neutral grey.
  const y = Buffer.alloc(W * H, 235);
  for (let row = 0; row < symbol.height; row++) {
    for (let col = 0; col < symbol.width; col++) {
      if (symbol.data[row * symbol.width + col] !== 0) continue; // 0 is a dark module
      for (let dy = 0; dy < scale; dy++)
        y.fill(
          16,
          (top + row * scale + dy) * W + left + col * scale,
          (top + row * scale + dy) * W + left + (col + 1) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}
