// Promotions: the project's own announcements and partner offers (an ad is labelled as such, with its registry id).
import { Link } from "@remix-run/react";
import { PosterImage } from "~/components/poster-image";
import type { Promotion } from "~/domain/media";
import { releaseTitle } from "~/domain/release";
import { adFlagsOf } from "~/domain/ad-slots";
import { useRootData } from "~/shared/root-data";
import { releasePath } from "~/domain/site-paths";
import { useIntentPrefetch } from "~/components/low-data";

const PROMOTIONS_LABEL = "Анонсы и акции";

function promotionHref(promotion: Promotion): string | null {
  if (promotion.release) return releasePath(promotion.release.alias);
  return promotion.url;
}

export function Promotions({ promotions: all }: { promotions: Promotion[] }) {
  const prefetch = useIntentPrefetch();
  // Partner offers are content ads: an account whose flags say no content ads sees only the project's own news.
  const contentAds = adFlagsOf(useRootData()?.profile ?? null).contentAds;
  const promotions = contentAds ? all : all.filter((promotion) => !promotion.isAd);
  if (promotions.length === 0) return null;
  return (
    <section aria-labelledby="home-promotions">
      {/* Names the block for the outline: the cards' h3 headings would otherwise follow the h1 directly. */}
      <h2 id="home-promotions" className="sr-only">
        {PROMOTIONS_LABEL}
      </h2>
      <ul aria-label={PROMOTIONS_LABEL} className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
        {promotions.slice(0, 3).map((promotion, index) => {
          const href = promotionHref(promotion);
          const title = promotion.title ?? (promotion.release ? releaseTitle(promotion.release) : "");
          const external = href !== null && /^https?:/i.test(href) && !href.startsWith("/");
          return (
            <li key={promotion.id} className="flex min-h-[168px] gap-4 rounded-xl bg-surface p-3">
              <div className="w-[100px] shrink-0">
                <PosterImage
                  image={promotion.image}
                  alt=""
                  width={300}
                  height={420}
                  sizes="100px"
                  priority={index === 0}
                  className="h-full rounded-md"
                />
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                {promotion.isAd ? (
                  <p className="text-xs text-muted">
                    Реклама{promotion.adOrigin ? ` · ${promotion.adOrigin}` : ""}
                    {promotion.adErid ? ` · erid: ${promotion.adErid}` : ""}
                  </p>
                ) : null}
                <h3 className="line-clamp-2 font-semibold">{title}</h3>
                {promotion.description ? <p className="line-clamp-2 text-sm text-muted">{promotion.description}</p> : null}
                {href ? (
                  external ? (
                    <a
                      href={href}
                      className="mt-auto py-0.5 text-sm font-semibold text-ink underline"
                      rel={promotion.isAd ? "sponsored noopener" : "noopener"}
                    >
                      {promotion.urlLabel ?? "Подробнее"}
                    </a>
                  ) : (
                    <Link to={href} className="mt-auto py-0.5 text-sm font-semibold text-ink underline" prefetch={prefetch}>
                      {promotion.urlLabel ?? "Подробнее"}
                    </Link>
                  )
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
