/**
 * A live-channel frame as it goes on the wire: the WebSocket header (RFC 6455 §5.2) and the UTF-8 JSON, in ONE buffer
 * built once per publish. Server-to-client frames are not masked, so every subscriber gets the same bytes: the hub
 * writes this buffer to each socket as it is, with no per-subscriber encoding, framing or copying.
 */
export interface WireFrame {
  /** Header and payload. */
  readonly bytes: Buffer;
  /** Where the payload starts (2, 4 or 10). */
  readonly payloadStart: number;
}

const FIN_TEXT = 0x81;

/** Frames a JSON text: one allocation for header and payload. */
export function wireFrame(json: string): WireFrame {
  const length = Buffer.byteLength(json);
  const payloadStart = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const bytes = Buffer.allocUnsafe(payloadStart + length);
  bytes[0] = FIN_TEXT;
  if (payloadStart === 2) {
    bytes[1] = length;
  } else if (payloadStart === 4) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    bytes.writeUInt32BE(length >>> 0, 6);
  }
  bytes.write(json, payloadStart, 'utf8');
  return { bytes, payloadStart };
}

/** The payload alone (what `ws` needs when the hub cannot write the prepared frame itself). */
export function payloadOf(frame: WireFrame): Buffer {
  return frame.bytes.subarray(frame.payloadStart);
}
