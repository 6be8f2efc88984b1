import { useEffect, useRef, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = (new (opts?: { formats?: string[] }) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * The browser's own BarcodeDetector where it reads QR codes (Chrome on Android); elsewhere (iPhone
 * Safari, Firefox, desktop) the `barcode-detector` polyfill, fetched only now that the scanner opens,
 * with its WebAssembly reader served by this app rather than a CDN.
 */
async function loadDetector(): Promise<BarcodeDetectorCtor> {
  const native = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (typeof native === 'function') {
    const formats = await native.getSupportedFormats?.().catch((): string[] => []);
    if (formats?.includes('qr_code')) return native;
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return BarcodeDetector as unknown as BarcodeDetectorCtor;
}

/** Scanning needs only a camera API: the detector comes from the browser or the polyfill. */
export function canScan(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** The code inside a scanned QR: the `code` of a printed `/my/card?code=` link, or the text itself. */
export function codeFromScan(raw: string): string {
  const text = raw.trim();
  try {
    const url = new URL(text);
    const code = url.searchParams.get('code');
    if (code) return code;
  } catch {
    // Not a link: the QR holds the code itself.
  }
  return text;
}

function ScannerView({ onCode, onError }: { onCode: (code: string) => void; onError: (msg: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The camera starts once per opening, whatever the parent re-renders.
  const handlers = useRef({ onCode, onError });
  handlers.current = { onCode, onError };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let detector: BarcodeDetectorLike | null = null;

    const tick = async () => {
      if (stopped || !video.current || !detector) return;
      try {
        const found = await detector.detect(video.current);
        const value = found.find((b) => b.rawValue)?.rawValue;
        if (value && !stopped) {
          handlers.current.onCode(codeFromScan(value));
          return;
        }
      } catch {
        // The frame was not ready; try the next one.
      }
      timer = setTimeout(tick, 250);
    };

    const open = async () => {
      try {
        const Ctor = await loadDetector();
        detector = new Ctor({ formats: ['qr_code'] });
      } catch {
        return handlers.current.onError('未能載入掃描器，請檢查網絡後再試，或直接輸入兌換碼。');
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        return handlers.current.onError('未能使用相機，請在瀏覽器設定允許使用相機，或直接輸入兌換碼。');
      }
      if (stopped) return stream.getTracks().forEach((t) => t.stop());
      if (video.current) {
        video.current.srcObject = stream;
        await video.current.play().catch(() => undefined);
      }
      void tick();
    };
    void open();

    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <video ref={video} className="scanner-video" muted playsInline aria-label="相機畫面：請將兌換碼的 QR 碼放在框內" />
  );
}

/** 掃描 QR 碼: opens the camera and hands the scanned code to the form. */
export function CodeScanner({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canScan()) return null;
  return (
    <>
      <Button
        fill="outline"
        color="primary"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <ScanningOutline aria-hidden="true" /> 掃描 QR 碼
      </Button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="scanner-popup"
        destroyOnClose
      >
        <div role="dialog" aria-label="掃描兌換碼">
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : (
            open && (
              <ScannerView
                onCode={(code) => {
                  setOpen(false);
                  onCode(code);
                }}
                onError={setError}
              />
            )
          )}
          <Button block onClick={() => setOpen(false)}>
            關閉
          </Button>
        </div>
      </Popup>
    </>
  );
}
