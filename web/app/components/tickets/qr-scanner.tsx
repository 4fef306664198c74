import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';

/** How often a video frame is looked at: enough for a code held up, light on a phone's battery. */
const FRAME_INTERVAL_MS = 200;

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** The browser's own QR reader where it has one; otherwise jsQR reads frames drawn on a canvas. */
async function frameReader(video: HTMLVideoElement): Promise<() => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async () => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async () => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The camera view of the door page: each QR code it reads goes to `onCode`. */
export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    const element = video.current;
    if (!stream || !element) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    void frameReader(element).then((read) => {
      const tick = async () => {
        if (stopped) return;
        const text = await read().catch(() => null);
        if (text && !stopped) handler.current(text);
        timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
    };
  }, [stream]);

  async function start() {
    setError(null);
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }));
    } catch {
      setError('The camera could not be opened. Allow the camera, or type the short code below.');
    }
  }

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-2xl bg-slate-900" hidden={!stream}>
        <video ref={video} muted playsInline className="aspect-square w-full object-cover" aria-label="Camera view for scanning tickets" />
      </div>
      {stream ? (
        <Button type="button" variant="outline" size="sm" onClick={() => setStream(null)}>
          Stop camera
        </Button>
      ) : (
        <Button type="button" size="sm" onClick={() => void start()}>
          Scan with camera
        </Button>
      )}
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
