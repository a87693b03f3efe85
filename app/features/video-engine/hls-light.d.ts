// hls.js ships its "light" build (no subtitles, alternative audio or DRM) without its own type declarations.
declare module "hls.js/light" {
  import Hls from "hls.js";
  export default Hls;
}
