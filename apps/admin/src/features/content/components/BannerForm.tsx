import {
  BannerImagePath,
  BannerLink,
  type ContentBanner,
  type ContentBannerInput,
  type Lang,
  type ProductKey,
} from '@bourse/contract';
import { App, AutoComplete, Button, Col, Divider, Drawer, Flex, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useBannerMutations } from '../api';
import { useContentT } from '../locales';
import { BannerImage } from './BannerImage';
import { CONTENT_LANGS, keepFilled, LINK_SUGGESTIONS } from './languages';
import { ProductsSelect } from './ProductsSelect';

interface Values {
  image: string;
  link: string;
  sort: number;
  active: boolean;
  products: ProductKey[];
  titles: Record<Lang, string | undefined>;
}

const EMPTY: Values = {
  image: '/static/banners/',
  link: '',
  sort: 0,
  active: true,
  products: [],
  titles: { en: '', zh_CN: '', zh_HK: '', es: '', fr: '' },
};

function valuesOf(banner: ContentBanner): Values {
  return {
    image: banner.image,
    link: banner.link ?? '',
    sort: banner.sort,
    active: banner.active,
    products: banner.products,
    titles: { zh_CN: '', zh_HK: '', es: '', fr: '', ...banner.titles },
  };
}

/** Creating or replacing a banner: picture, link, order, products, and its title in every language. */
export function BannerForm({
  banner,
  open,
  onClose,
}: {
  banner: ContentBanner | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useContentT();
  const common = useCommonT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { save } = useBannerMutations();
  const image = Form.useWatch('image', form) ?? '';

  useEffect(() => {
    if (open) form.setFieldsValue(banner ? valuesOf(banner) : EMPTY);
  }, [open, banner, form]);

  function submit(values: Values) {
    const body: ContentBannerInput = {
      image: values.image.trim(),
      link: values.link.trim() === '' ? null : values.link.trim(),
      sort: values.sort,
      active: values.active,
      products: values.products,
      titles: keepFilled(values.titles, (title) => title.trim() !== '', ''),
    };
    save.mutate(
      { id: banner?.id ?? null, body },
      {
        onSuccess: () => {
          void message.success(t('bannerSaved'));
          onClose();
        },
      },
    );
  }

  return (
    <Drawer
      open={open}
      size={640}
      title={banner ? t('editBanner', { id: banner.id }) : t('createBanner')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="banner-save">
            {common('save')}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={save.isPending}>
        <Form.Item
          name="image"
          label={t('image')}
          extra={t('imageHint')}
          rules={[{ required: true, message: t('imageInvalid') }, schemaRule(BannerImagePath, t('imageInvalid'))]}
        >
          <Input name="image" className="mono" />
        </Form.Item>
        {BannerImagePath.safeParse(image).success ? (
          <div className="banner-form__preview">
            <BannerImage src={image} width={320} />
          </div>
        ) : null}
        <Form.Item
          name="link"
          label={t('link')}
          extra={t('linkHint')}
          rules={[schemaRule(BannerLink, t('linkInvalid'))]}
        >
          <AutoComplete
            options={LINK_SUGGESTIONS.map((value) => ({ value }))}
            filterOption={(input, option) => option?.value.includes(input) ?? false}
          >
            <Input name="link" className="mono" allowClear />
          </AutoComplete>
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="sort" label={t('sort')} extra={t('sortHint')} rules={[{ required: true }]}>
              <InputNumber min={0} max={9999} precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="active" label={t('active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="products" label={t('products')} tooltip={t('productsHint')}>
              <ProductsSelect />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('titles')}</Divider>
        {CONTENT_LANGS.map((lang) => (
          <Form.Item
            key={lang}
            name={['titles', lang]}
            label={common(`contentLang_${lang}`)}
            rules={lang === 'en' ? [{ required: true, whitespace: true, message: t('titleRequired') }] : []}
            extra={lang === 'en' ? undefined : t('translationHint')}
          >
            <Input name={`title-${lang}`} maxLength={200} />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
