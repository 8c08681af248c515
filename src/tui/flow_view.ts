/** What of the chat app the flow and its commands drive. */

import type { StatusBar } from "./status_bar.ts";
import type { Theme } from "./theme.ts";
import type { Transcript } from "./transcript.ts";

/** The parts of the app the flow drives. */
export interface FlowView {
  readonly transcript: Transcript;
  readonly status: StatusBar;
  readonly theme: Theme;
  readonly editor: { insertTextAtCursor(text: string): void; addToHistory(text: string): void };
  render(): void;
  refreshPopup(): void;
}
