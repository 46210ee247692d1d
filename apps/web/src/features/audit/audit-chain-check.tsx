import { auditChainSentence } from '@mandira/contract/audit-chain';
import { Alert, Button, Code, Text } from '@mantine/core';
import type { useAuditChainCheck } from '../../api/audit.ts';

/** The header's button: asks the server to walk the trail's hash chain (docs/domain/audit.md). */
export function AuditChainButton({ check }: { check: ReturnType<typeof useAuditChainCheck> }) {
  return (
    <Button variant="default" loading={check.isPending} onClick={() => check.mutate()}>
      Denetim Kaydını Doğrula
    </Button>
  );
}

/**
 * The answer under the header: whole, with the last link an operator may note to anchor the chain
 * (`npm run audit:verify -- --anchor`), or the first broken entry.
 */
export function AuditChainResult({ check }: { check: ReturnType<typeof useAuditChainCheck> }) {
  if (check.error) {
    return (
      <Alert color="red" title="Doğrulama yapılamadı" role="alert">
        {check.error.message}
      </Alert>
    );
  }
  const answer = check.data;
  if (!answer || check.isPending) return null;
  if (!answer.ok) {
    return (
      <Alert color="red" role="alert">
        {auditChainSentence(answer)} Kayıt, veritabanında uygulamanın dışından değiştirilmiş olabilir; sistem
        yöneticisine bildirin.
      </Alert>
    );
  }
  return (
    <Alert color="green" role="status">
      <Text fz="sm">{auditChainSentence(answer)}</Text>
      {answer.head && (
        <Text fz="xs" c="dimmed" mt={4}>
          Son halka: <Code>{`${answer.head.position}:${answer.head.hash}`}</Code>
        </Text>
      )}
    </Alert>
  );
}
