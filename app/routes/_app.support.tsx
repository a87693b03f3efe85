import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { SupportIcon } from "~/features/info/support-icon";
import { SUPPORT_CHANNELS } from "~/features/info/support-links";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { useRootData } from "~/shared/root-data";

const strings = sectionStrings.support;

export const meta: MetaFunction = (args) => pageMeta(args, { title: strings.title, description: strings.description });

export default function SupportPage() {
  const root = useRootData();
  const siteName = root?.site.name ?? "AniLibria";
  const contactEmail = root?.site.contactEmail ?? "ads@anilibria.example";
  return (
    <>
      <SectionHeading
        title={strings.title}
        lead={`${siteName} живёт на пожертвования зрителей: они оплачивают серверы и трафик, микрофоны и звуковые карты, работу над переводом. Реклама на сайте покрывает лишь часть расходов.`}
      />
      <section aria-labelledby="support-money">
        <h2 id="support-money" className="mb-4 text-xl font-semibold">
          Поддержать рублём
        </h2>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {SUPPORT_CHANNELS.map((channel) => (
            <li key={channel.id} className="flex flex-col gap-3 rounded-lg bg-surface p-5">
              <h3 className="flex items-center gap-3 text-lg font-semibold">
                <SupportIcon channel={channel.id} />
                {channel.name}
              </h3>
              <p className="flex-1 text-muted">{channel.text}</p>
              <a
                href={channel.href}
                target="_blank"
                rel="noopener noreferrer"
                className="self-start rounded-md border border-line px-4 py-2 font-semibold hover:bg-surface-raised"
              >
                {channel.action}
                <span className="sr-only"> — {channel.name} (откроется на другом сайте)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="support-deeds" className="mt-10 max-w-3xl">
        <h2 id="support-deeds" className="mb-3 text-xl font-semibold">
          Помочь делом
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Хотите переводить, озвучивать, делать тайминг или оформление? Посмотрите, кто уже в{" "}
            <Link to="/teams" className="underline underline-offset-4">
              команде
            </Link>
            , и напишите нам — мы всегда ищем людей.
          </li>
          <li>
            Нашли ошибку в субтитрах, сломанную серию или неполадку на сайте — сообщите, с адресом страницы и описанием, что пошло не так.
          </li>
          <li>Смотрите без блокировщика рекламы: показы тоже помогают проекту.</li>
        </ul>
        <p className="mt-4">
          Связаться с нами:{" "}
          <a href={`mailto:${contactEmail}`} className="font-semibold underline underline-offset-4">
            {contactEmail}
          </a>
        </p>
      </section>
    </>
  );
}
