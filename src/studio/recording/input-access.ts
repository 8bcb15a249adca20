// Choosing an audio input: the browser lists its inputs (with names only once the page may use the
// microphone), and opens the chosen one raw, with no echo cancelling, noise suppression or gain
// control, so the take is what the microphone heard.

export const INPUT_ERROR_TITLE = "Error accessing audio inputs.";
export const PERMISSION_HINT =
  "You may need to grant microphone permission to the site through your browser settings.";
export const TRY_AGAIN = "Please try again.";

export interface InputDevice {
  readonly deviceId: string;
  readonly label: string;
}

export interface InputAccessError {
  readonly title: string;
  readonly description: string;
}

/** The toast for a failure: the permission hint when the browser refused the microphone. */
export function inputAccessError(error: unknown): InputAccessError {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  const denied = name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError";
  return { title: INPUT_ERROR_TITLE, description: denied ? PERMISSION_HINT : TRY_AGAIN };
}

/** The constraints that open an input as it is, the chosen device or the default one. */
export const rawInputConstraints = (deviceId: string | null): MediaStreamConstraints => ({
  audio: {
    ...(deviceId === null ? {} : { deviceId: { exact: deviceId } }),
    echoCancellation: false,
    noiseSuppression: false,
    autoGainControl: false,
  },
  video: false,
});

/** The audio inputs, named: asks for the microphone first when the names are still hidden. */
export async function listInputs(media: MediaDevices): Promise<InputDevice[]> {
  const named = (devices: MediaDeviceInfo[]) =>
    devices
      .filter((device) => device.kind === "audioinput")
      .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Input ${index + 1}` }));
  const first = await media.enumerateDevices();
  if (first.some((device) => device.kind === "audioinput" && device.label !== "")) return named(first);
  const stream = await media.getUserMedia(rawInputConstraints(null));
  for (const track of stream.getTracks()) track.stop();
  return named(await media.enumerateDevices());
}
