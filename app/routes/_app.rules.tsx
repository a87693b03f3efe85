import type { MetaFunction } from "@remix-run/node";
import { RulesContent } from "~/features/info/rules-content";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { useRootData } from "~/shared/root-data";

const strings = sectionStrings.rules;

export const meta: MetaFunction = (args) => pageMeta(args, { title: strings.title, description: strings.description, type: "article" });

export default function RulesPage() {
  const root = useRootData();
  return (
    <>
      <SectionHeading title={strings.title} />
      <RulesContent
        siteName={root?.site.name ?? "AniLibria"}
        contactEmail={root?.site.contactEmail ?? "ads@anilibria.example"}
        abuseEmail={root?.site.abuseEmail ?? "abuse@anilibria.example"}
      />
    </>
  );
}
