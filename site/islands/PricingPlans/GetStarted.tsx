// The pricing page's closing button: signed out it leads to /auth, signed in to the plans, premium members to /submit.
import { useUser } from '../../stores/use-user';

export default function GetStarted() {
  const { data: user } = useUser();
  if (user?.isPremium) {
    return (
      <a href="/submit" className="btn btn-primary btn-lg">
        Submit a Premium Tool
      </a>
    );
  }
  return (
    <a href={user ? '#plans' : '/auth'} className="btn btn-primary btn-lg">
      Get Started Today
    </a>
  );
}
