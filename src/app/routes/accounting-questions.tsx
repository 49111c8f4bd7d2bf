import type { Route } from "./+types/accounting-questions";
import { listQuestions } from "~/features/bank/bank-questions.server.ts";
import { requireBooksPage } from "~/features/tenancy/books-page.server.ts";
import { BankQuestionsScreen } from "~/features/bank/components/bank-questions-screen.tsx";

/** /accounting/:orgId/questions: the bookkeeper's questions about bank transactions and their answers (GET /questions). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBooksPage(context, request, params.orgId);
  return { questions: await listQuestions(context.app.db, membership) };
}

export default function AccountingQuestions({ loaderData }: Route.ComponentProps) {
  return <BankQuestionsScreen questions={loaderData.questions} />;
}
