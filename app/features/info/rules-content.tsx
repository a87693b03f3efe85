// The text of the site rules (Russian). Addresses come from configuration, so they are passed in.
import { Link } from "@remix-run/react";

type RulesContentProps = { siteName: string; contactEmail: string; abuseEmail: string };

export function RulesContent({ siteName, contactEmail, abuseEmail }: RulesContentProps) {
  return (
    <div className="prose-rules max-w-3xl space-y-8 leading-relaxed">
      <p>
        Пользуясь сайтом {siteName}, вы соглашаетесь с этими правилами. Они написаны, чтобы сайтом было удобно и приятно пользоваться всем.
        Незнание правил не освобождает от ответственности за их нарушение.
      </p>

      <section aria-labelledby="rules-general">
        <h2 id="rules-general" className="mb-3 text-xl font-semibold">
          1. Общие положения
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>Весь материал на сайте представлен исключительно для домашнего ознакомительного просмотра.</li>
          <li>Сайт — некоммерческий проект: переводы и озвучка делаются командой добровольцев.</li>
          <li>Администрация может изменять правила; актуальная редакция всегда опубликована на этой странице.</li>
          <li>Решения модераторов по спорным ситуациям принимаются на основе этих правил и здравого смысла.</li>
        </ol>
      </section>

      <section aria-labelledby="rules-account">
        <h2 id="rules-account" className="mb-3 text-xl font-semibold">
          2. Аккаунт
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>Один человек — один аккаунт. Мультиаккаунты, созданные для обхода блокировки, удаляются.</li>
          <li>
            Логин, никнейм и аватар не должны быть оскорбительными, содержать рекламу или выдавать себя за другого человека или за команду
            проекта.
          </li>
          <li>
            Вы отвечаете за сохранность своего пароля. Если кто-то получил доступ к аккаунту, смените пароль и завершите чужие сеансы в{" "}
            <Link to="/app/settings/" className="underline underline-offset-4">
              настройках
            </Link>
            .
          </li>
          <li>Передача, продажа и покупка аккаунтов запрещены.</li>
          <li>Аккаунт можно заблокировать за грубые или повторные нарушения правил; о блокировке сообщается в профиле.</li>
        </ol>
      </section>

      <section aria-labelledby="rules-conduct">
        <h2 id="rules-conduct" className="mb-3 text-xl font-semibold">
          3. Комментарии и общение
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>Уважайте собеседников: оскорбления, травля, угрозы и дискриминация по любому признаку запрещены.</li>
          <li>
            Не публикуйте спойлеры без предупреждения. Обсуждение событий, которых ещё нет в переводе, прячьте под пометкой «спойлер» или не
            пишите вовсе.
          </li>
          <li>
            Запрещены реклама, спам, флуд, бессмысленные сообщения и ссылки на сторонние ресурсы с пиратским или вредоносным содержимым.
          </li>
          <li>Запрещены материалы, нарушающие законодательство, в том числе порнография и пропаганда насилия.</li>
          <li>Не публикуйте личные данные — свои и чужие: телефоны, адреса, документы.</li>
          <li>Критика перевода и озвучки приветствуется, если она по делу и без перехода на личности.</li>
          <li>Модераторы могут удалить сообщение, нарушающее правила, и ограничить автору возможность писать.</li>
        </ol>
      </section>

      <section aria-labelledby="rules-copyright">
        <h2 id="rules-copyright" className="mb-3 text-xl font-semibold">
          4. Авторские права
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>Права на оригинальные произведения принадлежат их правообладателям. Перевод и озвучка — работа команды проекта.</li>
          <li>Копирование наших переводов, субтитров и озвучки для коммерческого использования без согласия команды запрещено.</li>
          <li>
            Если вы правообладатель и считаете, что материал на сайте нарушает ваши права, напишите на{" "}
            <a href={`mailto:${abuseEmail}`} className="underline underline-offset-4">
              {abuseEmail}
            </a>
            . Укажите произведение, ссылки на страницы и документы, подтверждающие права, — мы рассмотрим обращение и ограничим доступ к
            материалу.
          </li>
          <li>Доступ к отдельным релизам может быть ограничен в некоторых странах по требованию правообладателей или законодательства.</li>
        </ol>
      </section>

      <section aria-labelledby="rules-responsibility">
        <h2 id="rules-responsibility" className="mb-3 text-xl font-semibold">
          5. Ответственность
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>Сайт предоставляется «как есть»: мы стараемся, чтобы всё работало, но не гарантируем бесперебойной работы.</li>
          <li>Администрация не отвечает за содержимое сторонних сайтов, на которые ведут ссылки.</li>
          <li>
            Вопросы по рекламе и сотрудничеству —{" "}
            <a href={`mailto:${contactEmail}`} className="underline underline-offset-4">
              {contactEmail}
            </a>
            .
          </li>
        </ol>
      </section>
    </div>
  );
}
