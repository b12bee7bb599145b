import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from './api-client.ts';
import { type Audience, forgetSession, setSigningOut } from './session.ts';
import { toast } from './toast.ts';
import { paths } from './paths.ts';

/**
 * Logout (SPEC §4, §8): signs the device out on the server, shows its message, goes to the sign-in page
 * and forgets the user and every cached answer, so the next person on a shared tablet sees nothing.
 */
export function useSignOut(aud: Audience) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      const res = await apiRequest<{ message: string }>(
        aud === 'superadmin' ? '/superadmin/signout' : '/auth/signout',
        {
          method: 'POST',
          audience: aud,
        },
      );
      toast.success(res.message);
      setSigningOut(aud, true);
      forgetSession(aud);
      queryClient.clear();
      await navigate(aud === 'superadmin' ? paths.superadmin.login : paths.login, { replace: true });
    } catch (error) {
      toast.fromError(error, 'Something went wrong! Try later!');
    } finally {
      setPending(false);
    }
  };
  return { signOut, pending };
}
