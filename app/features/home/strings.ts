// Russian strings of the home page poll (the vote messages travel in toasts and JSON answers too).
export const pollStrings = {
  heading: "Опрос",
  vote: "Проголосовать",
  voting: "Голосуем…",
  signInToVote: "Войдите, чтобы проголосовать",
  results: "Результаты",
  yourChoice: "ваш выбор",
  ended: "Опрос завершён.",
  votes: { one: "голос", few: "голоса", many: "голосов" },
  totalVotes: "Всего",
  voted: "Спасибо, ваш голос учтён.",
  alreadyVoted: "Вы уже проголосовали в этом опросе.",
  pollEnded: "Опрос завершён: голосовать уже нельзя.",
  pollGone: "Этого опроса больше нет.",
  pickOption: "Выберите вариант ответа.",
  failed: "Не удалось отдать голос. Попробуйте ещё раз.",
} as const;
