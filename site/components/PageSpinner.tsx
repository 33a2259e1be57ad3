// What an island's page shows while what it needs (the user, a record) is first loading.
export function PageSpinner() {
  return (
    <div className="flex justify-center py-24">
      <span className="loading loading-spinner loading-lg" role="status" aria-label="Loading" />
    </div>
  );
}
