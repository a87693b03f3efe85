// Video ads: one demo pre-roll campaign whose creative is the local demo clip, so the VAST test page can play
// a real chain and fire its tracking events (to /embedded/ads/track on the same origin) without a network.
import { DEMO_CLIP_PATH, DEMO_CLIP_SECONDS } from "../demo-constants";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";

/** VAST's HH:MM:SS. */
function vastTime(totalSeconds: number): string {
  const whole = Math.round(totalSeconds);
  return [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60].map((part) => String(part).padStart(2, "0")).join(":");
}

const DEMO_CAMPAIGN = {
  id: "5f0c8a1e-7d2b-4c1a-9e3f-2b6d8a4c0e11",
  title: "АниЛибрия: демо-ролик",
  erid: "2VtzqwDemoVast",
  companyItn: "7700000000",
  companyName: "АниЛибрия (демо)",
  skipOffset: "00:00:05",
  // The creative is the whole demo clip, so that is the ad's length: a shorter one was declared, and the clip
  // played on past it while the countdown and the quartile events followed the declared length.
  duration: vastTime(DEMO_CLIP_SECONDS),
};
const TRACKED_EVENTS = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume", "mute", "unmute", "skip"];

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function demoVastChain(origin: string): string {
  // URLs sit in CDATA sections, where entities are not decoded: they go in raw.
  const track = (event: string) => `${origin}/embedded/ads/track?ad=demo-preroll&event=${event}`;
  const trackingEvents = TRACKED_EVENTS.map((event) => `          <Tracking event="${event}"><![CDATA[${track(event)}]]></Tracking>`).join(
    "\n",
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1">
  <Ad id="demo-preroll" sequence="1">
    <InLine>
      <AdSystem version="1">AniLibria embedded API</AdSystem>
      <AdTitle>${escapeXml(DEMO_CAMPAIGN.title)}</AdTitle>
      <Error><![CDATA[${track("error")}&code=[ERRORCODE]]]></Error>
      <Impression id="impression"><![CDATA[${track("impression")}]]></Impression>
      <Creatives>
        <Creative id="demo-preroll-video" sequence="1">
          <Linear skipoffset="${DEMO_CAMPAIGN.skipOffset}">
            <Duration>${DEMO_CAMPAIGN.duration}</Duration>
            <TrackingEvents>
${trackingEvents}
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough><![CDATA[${origin}/support]]></ClickThrough>
              <ClickTracking><![CDATA[${track("click")}]]></ClickTracking>
            </VideoClicks>
            <MediaFiles>
              <MediaFile delivery="streaming" type="application/x-mpegURL" width="854" height="480"><![CDATA[${origin}/storage/${DEMO_CLIP_PATH}/master.m3u8]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`;
}

function vastList(context: RequestContext): Record<string, string>[] {
  return [
    {
      id: DEMO_CAMPAIGN.id,
      url: `${context.origin}/api/v1/media/manifest.xml`,
      ad_erid: DEMO_CAMPAIGN.erid,
      ad_company_itn: DEMO_CAMPAIGN.companyItn,
      ad_company_name: DEMO_CAMPAIGN.companyName,
    },
  ];
}

function vastChain(context: RequestContext): Response {
  return new Response(demoVastChain(context.origin), { headers: { "content-type": "application/xml; charset=utf-8" } });
}

/**
 * The live service moved the list and the chain to /media (the current document); the June 2025 document's
 * /ads paths stay for clients written against it.
 */
export const adRoutes: Route[] = [
  { method: "GET", path: "/media/vasts", handler: vastList },
  { method: "GET", path: "/media/manifest.xml", handler: vastChain },
  { method: "GET", path: "/ads/vasts", handler: vastList },
  { method: "GET", path: "/ads/vasts/chain", handler: vastChain },
];
