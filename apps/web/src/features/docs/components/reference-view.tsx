import { ko } from '@suite/shared';
import { useOpenApi } from '../api/get-openapi';
import { ApiReference } from './api-reference';

/** The API reference tab: loads the OpenAPI document, then renders it. */
export function ReferenceView() {
  const doc = useOpenApi();
  if (doc.isPending) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (doc.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {doc.error.message || ko.docs.reference.loadFailed}
      </p>
    );
  return <ApiReference doc={doc.data} origin={window.location.origin} />;
}
