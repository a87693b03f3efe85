// What stands in for the video when there is none to play here: a block, an embed, an external player, nothing.
import type { ReactNode } from "react";
import type { VideoSource } from "~/features/video-engine/player-data";
import { playerStrings } from "./strings";

type NonHlsSource = Exclude<VideoSource, { kind: "hls" }>;

export function VideoNotice({ source, title }: { source: NonHlsSource; title: string }) {
  switch (source.kind) {
    case "rutube":
      return <EmbedFrame src={`https://rutube.ru/play/embed/${encodeURIComponent(source.id)}`} title={title} />;
    case "youtube":
      return <EmbedFrame src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(source.id)}`} title={title} />;
    case "external":
      return (
        <Notice kind={source.kind} message={playerStrings.externalPlayer}>
          <a
            href={source.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-block rounded bg-secondary px-4 py-2 font-semibold text-white"
          >
            {playerStrings.openExternalPlayer}
          </a>
        </Notice>
      );
    case "blocked-copyright":
      return <Notice kind={source.kind} message={playerStrings.blockedCopyright} />;
    case "blocked-geo":
      return <Notice kind={source.kind} message={playerStrings.blockedGeo} />;
    case "none":
      return <Notice kind={source.kind} message={playerStrings.noVideo} />;
  }
}

function EmbedFrame({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      src={src}
      title={playerStrings.embedTitle(title)}
      className="h-full w-full border-0"
      allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

function Notice({ kind, message, children }: { kind: string; message: string; children?: ReactNode }) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center p-6 text-center" data-video-notice={kind}>
      <p className="max-w-md text-lg">{message}</p>
      {children}
    </div>
  );
}
