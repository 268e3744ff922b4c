import { AVATAR_MAX_BYTES, ERRORS, NicknameBody, type UserProfile } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextField';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { serverUrl } from '../../../lib/lines';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { validate } from '../../../lib/validation';
import { useProfileInfo, useSetNickname, useUploadAvatar } from '../api';
import { checkImage, ImagePicker } from '../../../components/ImagePicker';
import { useSecurityT } from '../locales';
import '../security.css';

/** The nickname rules error under the field; anything else is a toast. */
const NICKNAME_ERRORS = new Set<number>([
  ERRORS.NICKNAME_TAKEN.code,
  ERRORS.NICKNAME_INVALID.code,
  ERRORS.NICKNAME_LENGTH.code,
]);

function ProfileForm({ profile }: { profile: UserProfile }) {
  const t = useSecurityT();
  const lang = useSettings((s) => s.lang);
  const upload = useUploadAvatar();
  const saveNickname = useSetNickname();
  const [nickname, setNickname] = useState(profile.nickname ?? '');
  const [error, setError] = useState<string | undefined>();
  const initial = (profile.nickname ?? profile.email ?? profile.phone ?? '?').slice(0, 1).toUpperCase();

  const pickAvatar = async (file: File) => {
    const problem = checkImage(file, AVATAR_MAX_BYTES);
    if (problem) {
      toast(problem === 'size' ? t('avatarTooLarge') : t('photoType'), 'fail');
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast(t('avatarUpdated'), 'success');
    } catch {
      // the client showed the server's message
    }
  };

  const submit = async () => {
    const checked = validate(NicknameBody, { nickname }, lang);
    if (!checked.ok) {
      setError(checked.errors.nickname);
      return;
    }
    try {
      await saveNickname.mutateAsync(checked.data.nickname);
      toast(t('saved'), 'success');
    } catch (failure) {
      if (failure instanceof ApiError && NICKNAME_ERRORS.has(failure.code)) setError(failure.msg);
      else if (failure instanceof ApiError) toast(failure.msg);
    }
  };

  return (
    <>
      <section className="sec-avatar">
        <ImagePicker
          name="avatar"
          label={t('changeAvatar')}
          onPick={(f) => void pickAvatar(f)}
          className="sec-avatar__button"
        >
          {profile.avatar ? (
            <img className="sec-avatar__image" src={serverUrl(profile.avatar)} alt={t('avatar')} />
          ) : (
            <span className="sec-avatar__initial" aria-hidden="true">
              {initial}
            </span>
          )}
          <span className="sec-avatar__badge" aria-hidden="true">
            <CameraOutline />
          </span>
        </ImagePicker>
        <div className="sec-avatar__text">
          <div className="sec-avatar__title">{upload.isPending ? '…' : t('changeAvatar')}</div>
          <div className="sec-hint">{t('avatarHint')}</div>
          <div className="sec-hint">
            {t('uid')} <span className="num">{profile.uid}</span>
          </div>
        </div>
      </section>
      <Form onSubmit={submit}>
        <TextField
          name="nickname"
          label={t('nickname')}
          placeholder={t('nicknamePlaceholder')}
          value={nickname}
          onChange={(v) => {
            setNickname(v);
            setError(undefined);
          }}
          error={error}
          maxLength={40}
          autoComplete="nickname"
        />
        <div className="sec-hint">{t('nicknameHint')}</div>
        <Button className="sec-submit" block color="primary" type="submit" loading={saveNickname.isPending}>
          {t('save')}
        </Button>
      </Form>
    </>
  );
}

/** /pages/usreMei/update_information — nickname and avatar. */
export default function ProfilePage(_props: PageProps) {
  const profile = useProfileInfo();
  if (profile.isPending) return <ListSkeleton rows={3} />;
  if (profile.isError) return <QueryError error={profile.error} onRetry={() => void profile.refetch()} />;
  return (
    <div className="sec sec--form">
      <ProfileForm profile={profile.data} />
    </div>
  );
}
