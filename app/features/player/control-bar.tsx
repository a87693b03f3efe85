// The bar under the picture: seek bar, play, time, settings and fullscreen always; previous/next, casting, volume,
// theatre, PiP and the shortcuts where they fit, the rest in the "more" menu (see control-layout.ts).
import { useId, type ReactNode } from "react";
import type { CastPhase } from "./cast-state";
import type { BarLayout, OptionalControl } from "./control-layout";
import { Icon, type IconName } from "./icons";
import { PlayerMenu } from "./player-menu";
import { RANGE_INPUT_CLASS } from "./range-style";
import type { Rendition } from "~/features/video-engine/renditions";
import { SeekBar } from "./seek-bar";
import type { PreviewSource } from "~/features/video-engine/seek-previews";
import { SettingsPanel } from "./settings-panel";
import type { PlayerSettings, QualityChoice } from "~/features/video-engine/settings";
import type { SkipRange } from "~/features/video-engine/skip-ranges";
import { formatClock } from "~/i18n/format";
import { playerStrings } from "./strings";
import type { MediaState } from "./use-media-state";

type Toggleable = { active: boolean; supported: boolean; toggle(): void };
export type PlayerMenuName = "settings" | "more";

type Props = {
  hidden: boolean;
  media: MediaState;
  settings: PlayerSettings;
  ranges: readonly SkipRange[];
  renditions: readonly Rendition[];
  previews: PreviewSource;
  playingHeight: number | null;
  /** Low-data mode's cap on the quality the player picks by itself, or null. */
  qualityCap: number | null;
  layout: BarLayout;
  /** Menus as a sheet at the bottom of the screen instead of a popover over the picture. */
  menusAsSheet: boolean;
  openMenu: PlayerMenuName | null;
  fullscreen: Toggleable;
  pip: Toggleable;
  hasPrevious: boolean;
  hasNext: boolean;
  onTogglePlay(): void;
  onSeek(time: number): void;
  onSeekBy(seconds: number): void;
  onVolume(volume: number): void;
  onToggleMute(): void;
  onPrevious(): void;
  onNext(): void;
  onToggleMenu(menu: PlayerMenuName): void;
  onCloseMenu(): void;
  onQuality(quality: QualityChoice): void;
  onSettings(change: Partial<PlayerSettings>): void;
  onShowHelp(): void;
  /** The cast button shows while a device is available or plays (its place is in `layout`). */
  castPhase: CastPhase;
  onCast(): void;
  /** Beside the settings' title: «Поделиться с отметкой времени». */
  settingsAction?: ReactNode;
};

type Action = { icon: IconName; label: string; onClick(): void; pressed?: boolean; disabled?: boolean };

function BarButton({ icon, label, onClick, pressed, disabled, extra }: Action & { extra?: Record<string, string | boolean> }) {
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

function MenuButton({ icon, label, onClick, pressed, disabled }: Action) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      className="flex min-h-10 w-full items-center gap-3 rounded px-2 py-1 text-left hover:bg-white/15 disabled:opacity-40 aria-pressed:text-secondary"
    >
      <Icon name={icon} className="h-6 w-6 shrink-0" />
      <span>{label}</span>
    </button>
  );
}

function VolumeSlider({ settings, onVolume, className }: { settings: PlayerSettings; onVolume(volume: number): void; className: string }) {
  const volumeId = useId();
  const volume = settings.muted ? 0 : settings.volume;
  return (
    <div className={`relative h-6 shrink-0 ${className}`}>
      <label htmlFor={volumeId} className="sr-only">
        {playerStrings.volume}
      </label>
      <div className="pointer-events-none absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-white/40" />
      <input
        id={volumeId}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={volume}
        onChange={(event) => onVolume(Number(event.currentTarget.value))}
        aria-valuetext={playerStrings.volumeLevel(Math.round(volume * 100))}
        className={`absolute inset-0 h-full w-full ${RANGE_INPUT_CLASS}`}
      />
    </div>
  );
}

export function ControlBar(props: Props) {
  const { hidden, media, settings, ranges, renditions, playingHeight, layout, menusAsSheet, openMenu, fullscreen, pip } = props;
  const settingsMenuId = useId();
  const moreMenuId = useId();
  const audible = !settings.muted && settings.volume > 0;
  const { onSettings, onQuality, onCloseMenu } = props;

  const actions: Record<Exclude<OptionalControl, "volume">, Action> = {
    previous: { icon: "previous", label: playerStrings.previousEpisode, onClick: props.onPrevious, disabled: !props.hasPrevious },
    next: { icon: "next", label: playerStrings.nextEpisode, onClick: props.onNext, disabled: !props.hasNext },
    mute: { icon: audible ? "volume" : "muted", label: audible ? playerStrings.mute : playerStrings.unmute, onClick: props.onToggleMute },
    theatre: {
      icon: "theatre",
      label: settings.theatre ? playerStrings.exitTheatre : playerStrings.theatre,
      onClick: () => onSettings({ theatre: !settings.theatre }),
      pressed: settings.theatre,
    },
    pip: { icon: "pip", label: playerStrings.pip, onClick: pip.toggle, pressed: pip.active },
    cast: { icon: "cast", label: playerStrings.cast, onClick: props.onCast, pressed: props.castPhase === "connected" },
    shortcuts: { icon: "keyboard", label: playerStrings.shortcuts, onClick: props.onShowHelp },
  };
  const inline = (control: Exclude<OptionalControl, "volume">) => (layout.inline.has(control) ? <BarButton {...actions[control]} /> : null);
  const expanded = (menu: PlayerMenuName, id: string): Record<string, string | boolean> =>
    openMenu === menu ? { "aria-expanded": true, "aria-controls": id } : { "aria-expanded": false };

  return (
    <>
      {openMenu === "settings" ? (
        <PlayerMenu
          id={settingsMenuId}
          title={playerStrings.settings}
          sheet={menusAsSheet}
          popoverWidth="w-[34rem]"
          onClose={onCloseMenu}
          titleAction={props.settingsAction}
        >
          <SettingsPanel
            columns={menusAsSheet ? 1 : 2}
            settings={settings}
            qualities={["auto", ...renditions.map((rendition) => String(rendition.height) as QualityChoice)]}
            playingHeight={playingHeight}
            qualityCap={props.qualityCap}
            onChange={(change) => (change.quality ? onQuality(change.quality) : onSettings(change))}
          />
        </PlayerMenu>
      ) : null}
      {openMenu === "more" && layout.overflow.length > 0 ? (
        <PlayerMenu id={moreMenuId} title={playerStrings.more} sheet={menusAsSheet} popoverWidth="w-72" onClose={onCloseMenu}>
          <ul className="space-y-1">
            {layout.overflow.map((control) => (
              <li key={control}>
                {control === "volume" ? (
                  <div className="flex min-h-10 items-center gap-3 px-2">
                    <span className="shrink-0">{playerStrings.volume}</span>
                    <VolumeSlider settings={settings} onVolume={props.onVolume} className="min-w-0 flex-1" />
                  </div>
                ) : (
                  <MenuButton
                    {...actions[control]}
                    onClick={() => {
                      // The dialog, PiP and the device picker take the screen; the other actions keep the menu for another tap.
                      if (control === "shortcuts" || control === "pip" || control === "cast") onCloseMenu();
                      actions[control].onClick();
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        </PlayerMenu>
      ) : null}
      <div
        className={`absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-black/90 to-transparent px-3 pb-2 pt-8 text-white transition-opacity duration-300 motion-reduce:transition-none ${
          // Hidden, it stays in the Tab order: a key's focus shows it again (decision 0285).
          hidden ? "pointer-events-none opacity-0 has-[:focus-visible]:pointer-events-auto has-[:focus-visible]:opacity-100" : "opacity-100"
        }`}
        data-player-controls={hidden ? "hidden" : "shown"}
      >
        <SeekBar
          currentTime={media.currentTime}
          duration={media.duration}
          bufferedEnd={media.bufferedEnd}
          ranges={ranges}
          previews={props.previews}
          onSeek={props.onSeek}
          onSeekBy={props.onSeekBy}
        />
        <div className="mt-1 flex items-center gap-1">
          <BarButton
            icon={media.paused ? "play" : "pause"}
            label={media.paused ? playerStrings.play : playerStrings.pause}
            onClick={props.onTogglePlay}
          />
          {inline("previous")}
          {inline("next")}
          {inline("mute")}
          {layout.inline.has("volume") ? <VolumeSlider settings={settings} onVolume={props.onVolume} className="w-20" /> : null}
          <span className="ml-2 whitespace-nowrap text-sm tabular-nums" aria-hidden="true">
            {formatClock(media.currentTime)} / {formatClock(media.duration)}
          </span>
          <span className="flex-1" />
          {inline("cast")}
          {inline("shortcuts")}
          <BarButton
            icon="settings"
            label={playerStrings.settings}
            onClick={() => props.onToggleMenu("settings")}
            extra={expanded("settings", settingsMenuId)}
          />
          {inline("theatre")}
          {inline("pip")}
          {layout.overflow.length > 0 ? (
            <BarButton
              icon="more"
              label={playerStrings.more}
              onClick={() => props.onToggleMenu("more")}
              extra={expanded("more", moreMenuId)}
            />
          ) : null}
          {fullscreen.supported ? (
            <BarButton
              icon={fullscreen.active ? "exitFullscreen" : "fullscreen"}
              label={fullscreen.active ? playerStrings.exitFullscreen : playerStrings.fullscreen}
              onClick={fullscreen.toggle}
            />
          ) : null}
        </div>
      </div>
    </>
  );
}
