// The bar under the picture: seek bar, play, previous/next, volume, time, settings, theatre, PiP, fullscreen.
import { useId } from "react";
import { Icon, type IconName } from "./icons";
import { RANGE_INPUT_CLASS } from "./range-style";
import type { Rendition } from "./renditions";
import { SeekBar } from "./seek-bar";
import { SettingsPanel } from "./settings-panel";
import type { PlayerSettings, QualityChoice } from "./settings";
import type { SkipRange } from "./skip-ranges";
import { formatClock } from "~/i18n/format";
import { playerStrings } from "./strings";
import type { MediaState } from "./use-media-state";

type Toggleable = { active: boolean; supported: boolean; toggle(): void };

type Props = {
  hidden: boolean;
  media: MediaState;
  settings: PlayerSettings;
  ranges: readonly SkipRange[];
  renditions: readonly Rendition[];
  playingHeight: number | null;
  menuOpen: boolean;
  fullscreen: Toggleable;
  pip: Toggleable;
  hasPrevious: boolean;
  hasNext: boolean;
  onTogglePlay(): void;
  onSeek(time: number): void;
  onVolume(volume: number): void;
  onToggleMute(): void;
  onPrevious(): void;
  onNext(): void;
  onToggleMenu(): void;
  onQuality(quality: QualityChoice): void;
  onSettings(change: Partial<PlayerSettings>): void;
  onShowHelp(): void;
};

function BarButton({ icon, label, onClick, pressed, disabled, extra }: { icon: IconName; label: string; onClick(): void; pressed?: boolean; disabled?: boolean; extra?: Record<string, string | boolean> }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded hover:bg-white/15 disabled:opacity-40"
      {...extra}
    >
      <Icon name={icon} />
    </button>
  );
}

export function ControlBar(props: Props) {
  const { hidden, media, settings, ranges, renditions, playingHeight, menuOpen, fullscreen, pip } = props;
  const menuId = useId();
  const volumeId = useId();
  const audible = !settings.muted && settings.volume > 0;
  const { onSettings, onQuality } = props;
  return (
    <div
      className={`absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-black/90 to-transparent px-3 pb-2 pt-8 text-white transition-opacity duration-300 ${hidden ? "pointer-events-none opacity-0" : "opacity-100"}`}
    >
      {menuOpen ? (
        <SettingsPanel
          id={menuId}
          settings={settings}
          renditions={renditions}
          playingHeight={playingHeight}
          onChange={(change) => (change.quality ? onQuality(change.quality) : onSettings(change))}
        />
      ) : null}
      <SeekBar currentTime={media.currentTime} duration={media.duration} bufferedEnd={media.bufferedEnd} ranges={ranges} onSeek={props.onSeek} />
      <div className="mt-1 flex items-center gap-1">
        <BarButton icon={media.paused ? "play" : "pause"} label={media.paused ? playerStrings.play : playerStrings.pause} onClick={props.onTogglePlay} />
        <BarButton icon="previous" label={playerStrings.previousEpisode} onClick={props.onPrevious} disabled={!props.hasPrevious} />
        <BarButton icon="next" label={playerStrings.nextEpisode} onClick={props.onNext} disabled={!props.hasNext} />
        <BarButton icon={audible ? "volume" : "muted"} label={audible ? playerStrings.mute : playerStrings.unmute} onClick={props.onToggleMute} />
        <label htmlFor={volumeId} className="sr-only">
          {playerStrings.volume}
        </label>
        <input
          id={volumeId}
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={settings.muted ? 0 : settings.volume}
          onChange={(event) => props.onVolume(Number(event.currentTarget.value))}
          aria-valuetext={`${Math.round((settings.muted ? 0 : settings.volume) * 100)} %`}
          className={`hidden h-1 w-20 rounded-full bg-white/40 sm:block ${RANGE_INPUT_CLASS}`}
        />
        <span className="ml-2 whitespace-nowrap text-sm tabular-nums" aria-hidden="true">
          {formatClock(media.currentTime)} / {formatClock(media.duration)}
        </span>
        <span className="flex-1" />
        <BarButton icon="keyboard" label={playerStrings.shortcuts} onClick={props.onShowHelp} />
        <BarButton
          icon="settings"
          label={playerStrings.settings}
          onClick={props.onToggleMenu}
          extra={menuOpen ? { "aria-expanded": true, "aria-controls": menuId } : { "aria-expanded": false }}
        />
        <BarButton icon="theatre" label={settings.theatre ? playerStrings.exitTheatre : playerStrings.theatre} onClick={() => onSettings({ theatre: !settings.theatre })} pressed={settings.theatre} />
        {pip.supported ? <BarButton icon="pip" label={playerStrings.pip} onClick={pip.toggle} pressed={pip.active} /> : null}
        {fullscreen.supported ? (
          <BarButton
            icon={fullscreen.active ? "exitFullscreen" : "fullscreen"}
            label={fullscreen.active ? playerStrings.exitFullscreen : playerStrings.fullscreen}
            onClick={fullscreen.toggle}
          />
        ) : null}
      </div>
    </div>
  );
}
